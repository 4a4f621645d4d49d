import type { MailMessage } from '../mail/mail-port';
import { mailName } from '../mail/templates';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/**
 * An approval mail: who asked or decided, which post, what was said, and a link to the post.
 * Names and comments are typed by people, so they reach the mail as plain, link-free text
 * (mailName), the comment cut like a name but longer.
 */
function approvalMail(
  to: string,
  subject: string,
  lines: string[],
  action: { label: string; url: string },
): MailMessage {
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f5f6fa;font-family:Helvetica,Arial,sans-serif;color:#1f2333">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
${lines.map((l) => `<p style="font-size:15px;line-height:1.5">${escapeHtml(l)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#8a8fa3;word-break:break-all">${escapeHtml(action.url)}</p>
</td></tr></table></body></html>`;
  const text = `${subject}\n\n${lines.join('\n\n')}\n\n${action.label}: ${action.url}\n`;
  return { to, subject, text, html };
}

const quoted = (comment: string) => (comment.trim() ? [`“${mailName(comment, 500)}”`] : []);

/** To each approver: a post waits for their decision. */
export const reviewRequestedMail = (
  to: string,
  input: { requester: string; platform: string; snippet: string; comment: string; url: string; again: boolean },
) =>
  approvalMail(
    to,
    `A ${input.platform} post waits for your approval`,
    [
      input.again
        ? `The ${input.platform} post “${input.snippet}” was edited after it was approved and needs your approval again.`
        : `${mailName(input.requester)} asks you to approve the ${input.platform} post “${input.snippet}”.`,
      ...quoted(input.comment),
      'Open it to approve it or to ask for changes. It cannot be scheduled until it is approved.',
    ],
    { label: 'Review the post', url: input.url },
  );

/** To the author: the decision, by whom, and what they said. */
export const reviewDecidedMail = (
  to: string,
  input: { decider: string; platform: string; snippet: string; approved: boolean; comment: string; url: string },
) =>
  approvalMail(
    to,
    input.approved
      ? `Your ${input.platform} post was approved`
      : `Changes were asked for on your ${input.platform} post`,
    [
      input.approved
        ? `${mailName(input.decider)} approved “${input.snippet}”. You can schedule it or publish it now.`
        : `${mailName(input.decider)} asked for changes to “${input.snippet}”.`,
      ...quoted(input.comment),
    ],
    { label: 'Open the post', url: input.url },
  );
