import { config } from '../config';

/** API Gateway v2 puts request cookies in `event.cookies` as "name=value" strings. */
export function readCookies(cookies: string[] | undefined, header?: string): Record<string, string> {
  const out: Record<string, string> = {};
  const parts = [...(cookies ?? []), ...(header ? header.split(';') : [])];
  for (const part of parts) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (!name || name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      out[name] = part.slice(i + 1).trim();
    }
  }
  return out;
}

interface CookieOptions {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
}

/** Secure everywhere but plain-http localhost, where browsers would drop a Secure cookie. */
function secureFlag(): string {
  return config.appOrigin.startsWith('https://') ? '; Secure' : '';
}

export function serializeCookie(name: string, value: string, opts: CookieOptions = {}): string {
  let out = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${secureFlag()}`;
  if (opts.httpOnly !== false) out += '; HttpOnly';
  if (opts.maxAgeSeconds !== undefined) out += `; Max-Age=${opts.maxAgeSeconds}`;
  return out;
}

export const clearCookie = (name: string, httpOnly = true) => serializeCookie(name, '', { maxAgeSeconds: 0, httpOnly });
