import { COMPANY_COOKIE } from '@shared/constants';

function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

function writeCookie(name: string, value: string, maxAgeDays = 365) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeDays * 86400}; SameSite=Lax${secure}`;
}

const listeners = new Set<() => void>();

/** The active company lives in the COMPANY_ID cookie (path /, readable by the SPA). */
export function readCompanyId(): number | undefined {
  const raw = readCookie(COMPANY_COOKIE);
  const id = raw ? Number(raw) : NaN;
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function writeCompanyId(id: number) {
  if (readCompanyId() === id) return;
  writeCookie(COMPANY_COOKIE, String(id));
  for (const listener of listeners) listener();
}

export function subscribeCompanyId(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
