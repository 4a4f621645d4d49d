import type { MailMessage } from './mail-port';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** The longest name a mail shows; a longer one is cut, with an ellipsis. */
export const MAIL_NAME_MAX = 60;

/** Controls, bidi overrides and other invisible characters: a name must read as what it is. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
/** `https://`, `javascript:` and the like (a colon alone, as in `Bakery: bread`, stays). */
const SCHEME = /\b[a-z][a-z0-9+.-]*:\/\/|\b(?:javascript|vbscript|data|mailto|tel|sms|file):/gi;
/** A dot or an at sign inside a word: what makes `pay.example.com` or `a@b.co` a link in a mail client. */
const LINK_JOINT = /(?<=[\p{L}\p{N}])[.@](?=[\p{L}\p{N}])/gu;
const LOOKALIKE: Record<string, string> = { '.': '\u2024', '@': '\uff20' };

/**
 * A name someone typed (a company's, an inviter's) as a mail shows it: one line of plain text
 * that no mail client turns into a link (no scheme, and a dot or at sign inside a word becomes
 * its look-alike, so `Booking.com` still reads as itself), at most MAIL_NAME_MAX characters.
 * The layout escapes it for the HTML part like any text.
 */
export function mailName(value: string, max = MAIL_NAME_MAX): string {
  const plain = value
    .replace(INVISIBLE, ' ')
    .replace(SCHEME, '')
    .replace(LINK_JOINT, (c) => LOOKALIKE[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(plain);
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}\u2026`
    : plain;
}

/** One simple, client-safe layout: inline styles only, a button and the raw link under it. */
function layout(
  to: string,
  subject: string,
  intro: string,
  action: { label: string; url: string },
  outro: string,
): MailMessage {
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f5f6fa;font-family:Helvetica,Arial,sans-serif;color:#1f2333">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p style="font-size:15px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#5b6078;line-height:1.5">${escapeHtml(outro)}</p>
<p style="font-size:12px;color:#8a8fa3;word-break:break-all">${escapeHtml(action.url)}</p>
</td></tr></table></body></html>`;
  const text = `${subject}\n\n${intro}\n\n${action.label}: ${action.url}\n\n${outro}\n`;
  return { to, subject, text, html };
}

export const verificationMail = (to: string, firstName: string, url: string) =>
  layout(
    to,
    'Verify your email address',
    `Hi ${mailName(firstName)}, welcome aboard! Please confirm that this is your email address to finish creating your account.`,
    { label: 'Verify email', url },
    'The link works once and expires in 2 days. If you did not create an account, you can ignore this email.',
  );

export const resetMail = (to: string, url: string) =>
  layout(
    to,
    'Reset your password',
    'We received a request to reset the password of your account. Choose a new password with the button below.',
    { label: 'Choose a new password', url },
    'The link works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays the same.',
  );

/** Both names are the inviter's choice and reach a stranger's inbox: plain, link-free and short (mailName). */
export const inviteMail = (to: string, inviterName: string, companyName: string, url: string) =>
  layout(
    to,
    `You are invited to join ${mailName(companyName)}`,
    `${mailName(inviterName)} invited you to join ${mailName(companyName)} and plan, create and publish its marketing content together.`,
    { label: 'Accept invite', url },
    'The invite works once and expires in 7 days.',
  );

/** A guest link to a company's website audit; the names are members' choices, so plain and short (mailName). */
export const auditShareMail = (
  to: string,
  input: { senderName: string; companyName: string; modules: string[]; url: string; expiresOn: string },
) =>
  layout(
    to,
    `${mailName(input.companyName) || 'A company'} shared its website audit with you`,
    `${mailName(input.senderName)} shared the website audit of ${mailName(input.companyName) || 'their company'} with you: ${input.modules.join(', ')}. No account is needed to read it.`,
    { label: 'Open the website audit', url: input.url },
    `The link is read-only and works until ${input.expiresOn}, unless it is revoked sooner.`,
  );
