import { createHash } from 'node:crypto';

/**
 * The security headers of every answer, one policy for both hosts: the embedded runtime's
 * HTTP server sets them itself (infra/local/http-server.ts), CloudFront adds them in AWS
 * through response headers policies (infra/aws/constructs/security-headers-policy.ts).
 */

/**
 * The one inline script of web/index.html, character for character: it tells Zod not to probe
 * for eval before Zod loads. The CSP allows it by its hash, so no other inline script runs.
 */
export const INDEX_INLINE_SCRIPT =
  'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });';
const inlineScriptHash = `'sha256-${createHash('sha256').update(INDEX_INLINE_SCRIPT).digest('base64')}'`;

/** Where Google hosts a Business Profile's photos and its reviewers' pictures. */
const GOOGLE_IMAGES = 'https://*.googleusercontent.com';

/**
 * The SPA's Content-Security-Policy. Scripts come only from our own origin (Vite emits every
 * script as a file) and the one inline script above, by its hash; no eval. Styles allow
 * 'unsafe-inline': sonner injects its stylesheet as a <style> element at run time, and the dev
 * mailbox shows mails (inline styles, as mail needs) in a srcdoc frame, which inherits this policy. Images, uploads and
 * video reach the media bucket by presigned URLs, so its origin is named; a business listing's
 * photos are Google's (googleusercontent.com); nothing else is loaded from elsewhere (fonts are
 * the system's).
 */
export function spaContentSecurityPolicy(mediaOrigins: readonly string[]): string {
  const media = mediaOrigins.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHash}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${media} ${GOOGLE_IMAGES}`.replace(/\s+/g, ' '),
    `media-src 'self' blob: ${media}`.trim(),
    `connect-src 'self' ${media}`.trim(),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** API answers are JSON, never documents: nothing may load from them, nor frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Sent with the SPA: links to other sites carry our origin only, never a path with a token. */
const SPA_REFERRER_POLICY = 'strict-origin-when-cross-origin';
const API_REFERRER_POLICY = 'no-referrer';

export function spaSecurityHeaders(mediaOrigins: readonly string[]): Record<string, string> {
  return {
    'content-security-policy': spaContentSecurityPolicy(mediaOrigins),
    'x-content-type-options': 'nosniff',
    'referrer-policy': SPA_REFERRER_POLICY,
    'x-frame-options': 'DENY',
  };
}

export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': API_REFERRER_POLICY,
  'x-frame-options': 'DENY',
};
