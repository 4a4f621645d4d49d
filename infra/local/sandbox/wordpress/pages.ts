import { escapeHtml } from '../kit/answers';

export const WORDPRESS_SANDBOX_SITE_NAME = 'Sandbox Blog';

/** WordPress's own page style, kept small: the screen a site owner sees when they approve us. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} ‹ ${WORDPRESS_SANDBOX_SITE_NAME} — WordPress (sandbox)</title>
<style>body{font-family:-apple-system,system-ui,sans-serif;background:#f0f0f1;margin:0;color:#1d2327}
header{background:#1d2327;color:#fff;padding:8px 16px;font-size:13px}main{max-width:560px;margin:40px auto;background:#fff;border:1px solid #c3c4c7;padding:24px 28px}
h1{font-size:23px;font-weight:400;margin:0 0 16px}p{font-size:14px;line-height:1.5}label{display:block;font-size:14px;margin:12px 0 4px}
input[type=text]{width:100%;box-sizing:border-box;padding:6px 8px;border:1px solid #8c8f94;border-radius:4px;font-size:14px}
.row{display:flex;gap:8px;margin-top:20px;flex-wrap:wrap}button{padding:8px 14px;border-radius:3px;font-size:14px;cursor:pointer}
.primary{background:#2271b1;border:1px solid #2271b1;color:#fff}.secondary{background:#f6f7f7;border:1px solid #2271b1;color:#2271b1}
code{font-size:13px}</style></head><body><header>${WORDPRESS_SANDBOX_SITE_NAME} (WordPress sandbox)</header><main>${body}</main></body></html>`;
}
