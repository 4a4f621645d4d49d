import { messages } from './messages';

/** Spec 01 §5's WordPress connect sentences, word for word. */
export const wordpressSiteMessages = {
  required: 'The URL is required',
  rootOnly: (host: string) => `Please enter only the main website address (e.g. ${host})`,
};

export type WordPressSiteResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * WordPress connect rule (spec 01 §5), shared by the connect dialog and the server: the URL is
 * required, a missing scheme gets https://, trailing slashes are removed, and the address must
 * be the site's root (no path, query or fragment): the REST index and the authorize page are
 * found from the root, and a path would send the user's password approval somewhere else.
 */
export function normalizeWordPressSite(input: string): WordPressSiteResult {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, message: wordpressSiteMessages.required };
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^/:?#]+:\d+(?:[/?#]|$)/.test(trimmed);
  if (hasScheme && !/^https?:\/\//i.test(trimmed)) return { ok: false, message: messages.websiteInvalid };
  let url: URL;
  try {
    url = new URL(hasScheme ? trimmed : `https://${trimmed}`);
  } catch {
    return { ok: false, message: messages.urlInvalid };
  }
  const host = url.hostname;
  if (
    !host.includes('.') ||
    host.startsWith('.') ||
    host.endsWith('.') ||
    /\s/.test(trimmed) ||
    url.username ||
    url.password
  ) {
    return { ok: false, message: messages.urlInvalid };
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (path || url.search || url.hash || trimmed.endsWith('?') || trimmed.endsWith('#')) {
    return { ok: false, message: wordpressSiteMessages.rootOnly(url.host) };
  }
  return { ok: true, url: url.origin };
}

/** WordPress.com sites connect through WordPress.com's OAuth instead of an application password. */
export const isWordPressCom = (siteUrl: string) => /(^|\.)wordpress\.com$/i.test(new URL(siteUrl).hostname);
