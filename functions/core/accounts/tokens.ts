import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random single-use token for a link, and the hash that is all the table keeps of it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function sameHash(secret: string, hash: string | undefined): boolean {
  if (!hash) return false;
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
