import { messages } from './messages';

export type WebsiteResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * Company website rule (spec 01 §5): a missing scheme gets https:// prepended, only http and
 * https are accepted, and the host must look like a public name (a dot, no spaces).
 */
export function normalizeWebsite(input: string): WebsiteResult {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, message: messages.urlInvalid };
  // `example.com:8080` and `localhost:3000` are a host and a port, not a scheme: a scheme's
  // colon is never followed by a port number.
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^/:?#]+:\d+(?:[/?#]|$)/.test(trimmed);
  if (hasScheme && !/^https?:\/\//i.test(trimmed)) return { ok: false, message: messages.websiteInvalid };
  const candidate = hasScheme ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, message: messages.urlInvalid };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: messages.websiteInvalid };
  const host = url.hostname;
  if (!host.includes('.') || host.startsWith('.') || host.endsWith('.') || /\s/.test(candidate)) {
    return { ok: false, message: messages.urlInvalid };
  }
  // Keep what the user typed after the host, minus a lone trailing slash.
  return { ok: true, url: url.href.replace(/\/$/, '') };
}
