import type { MailMessage } from '../mail/mail-port';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** The mail a failed publish sends each member: which post, where, what to do, and a link to it. */
export function publishFailedMail(
  to: string,
  input: { title: string; platform: string; snippet: string; sentence: string; url: string },
): MailMessage {
  const intro = `Your post “${input.snippet}” was not published on ${input.platform}.`;
  const what = `${input.sentence} Then open the post and choose Publish Now to try again.`;
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f5f6fa;font-family:Helvetica,Arial,sans-serif;color:#1f2333">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.title)}</h1>
<p style="font-size:15px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="font-size:15px;line-height:1.5">${escapeHtml(what)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(input.url)}" style="background:#4f46e5;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:600">Open the post</a></p>
<p style="font-size:12px;color:#8a8fa3;word-break:break-all">${escapeHtml(input.url)}</p>
</td></tr></table></body></html>`;
  const text = `${input.title}\n\n${intro}\n\n${what}\n\nOpen the post: ${input.url}\n`;
  return { to, subject: input.title, text, html };
}
