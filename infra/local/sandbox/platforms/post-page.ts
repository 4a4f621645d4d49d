import { escapeHtml } from '../kit/answers';

/** The page a sandbox permalink opens: the published post as the platform would show it, plainly. */
const LABELS = { facebook: 'Facebook', instagram: 'Instagram', threads: 'Threads', linkedin: 'LinkedIn' } as const;

export function postPage(platform: keyof typeof LABELS, owner: string, text: string, at: string): string {
  const label = LABELS[platform];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${label} post (sandbox)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1c1e21}
article{border:1px solid #ccd0d5;border-radius:8px;padding:1rem 1.25rem}p.meta{color:#606770;font-size:.875rem}
p.text{white-space:pre-wrap}</style></head><body><main><h1>${label} post</h1><article>
<p class="meta">Published by ${escapeHtml(owner)} at ${escapeHtml(at)} on the sandbox ${label}.</p>
<p class="text">${escapeHtml(text)}</p></article></main></body></html>`;
}
