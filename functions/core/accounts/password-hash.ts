import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { config } from '../config';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/**
 * scrypt from Node's own crypto (no native addon to bundle for Lambda), with the cost OWASP
 * recommends (N=2^17, r=8, p=1 is their strongest; config.passwordHashLog2N says why 2^15).
 * Parameters are stored with the hash so they can be raised later without breaking existing
 * passwords.
 */
const r = 8;
const p = 1;
const KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const N = 2 ** config.passwordHashLog2N;
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  const [scheme, n, rr, pp, salt, hash] = parts;
  const cost = [n, rr, pp].map(Number);
  const wellFormed =
    parts.length === 6 &&
    scheme === 'scrypt' &&
    !!salt &&
    !!hash &&
    cost.every((c) => Number.isSafeInteger(c) && c > 0);
  if (!wellFormed) {
    // Spend the same time as a real check, so timing does not reveal which emails exist.
    await hashPassword(password);
    return false;
  }
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
    maxmem: 256 * Number(n) * Number(rr),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
