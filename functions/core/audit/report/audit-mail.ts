import { healthBand } from '@shared/seo-health';
import { config } from '../../config';
import type { MailMessage } from '../../mail/mail-port';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/**
 * "Your SEO report is ready" (spec 02 §4: an email is sent when the audit is ready; the text
 * varies for a first audit, no change, an increase or a decrease of the Health Score).
 */
export function auditReadyMail(to: string, website: string, score: number, previous: number | undefined): MailMessage {
  const band = healthBand(score);
  const change =
    previous === undefined
      ? `This is the first audit of ${website}. Its Health Score is ${score} out of 100 (${band}).`
      : score === previous
        ? `The Health Score of ${website} is unchanged at ${score} out of 100 (${band}).`
        : score > previous
          ? `Good news: the Health Score of ${website} rose from ${previous} to ${score} out of 100 (${band}).`
          : `The Health Score of ${website} dropped from ${previous} to ${score} out of 100 (${band}). The report shows what changed.`;
  const subject = 'Your SEO report is ready';
  const url = `${config.appOrigin}/seo-report`;
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f5f6fa;font-family:Helvetica,Arial,sans-serif;color:#1f2333">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px"><tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p style="font-size:15px;line-height:1.5">${escapeHtml(change)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#4f46e5;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:600">Open the SEO report</a></p>
<p style="font-size:12px;color:#8a8fa3;word-break:break-all">${escapeHtml(url)}</p>
</td></tr></table></body></html>`;
  return { to, subject, text: `${subject}\n\n${change}\n\nOpen the SEO report: ${url}\n`, html };
}
