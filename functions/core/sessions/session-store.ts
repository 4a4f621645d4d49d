import { createHash, randomBytes } from 'node:crypto';
import { ttlIn } from '../table/client';
import { index, keys, partition, userIndexPrefix } from '../table/keys';
import { sessions, type SessionItem } from './session-entity';

export type { SessionItem };

/** Sessions last 30 days from sign-in; the cookie's Max-Age matches. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/** Only the hash is stored: a leaked table backup cannot be replayed as cookies. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const key = keys.session;

export async function createSession(userId: number, email: string): Promise<{ token: string; hash: string }> {
  const token = randomBytes(32).toString('base64url');
  const hash = hashToken(token);
  await sessions.put(
    { userId, email, createdAt: new Date().toISOString(), ttl: ttlIn(SESSION_TTL_SECONDS) },
    // The index lets "sign out everywhere" and account deletion find a user's sessions.
    { key: key(hash), indexes: index.userSession(userId, hash) },
  );
  return { token, hash };
}

export async function findSession(token: string): Promise<(SessionItem & { hash: string }) | undefined> {
  if (!token || token.length > 200) return undefined;
  const hash = hashToken(token);
  const session = await sessions.get(key(hash));
  return session && { ...session, hash };
}

export async function deleteSession(hash: string): Promise<void> {
  await sessions.delete(key(hash));
}

/** Ends every session of a user (after a password change or reset), optionally but one. */
export async function deleteUserSessions(userId: number, exceptHash?: string): Promise<void> {
  const found = await sessions.queryWithKeys({
    index: 'GSI1',
    pk: partition.user(userId),
    sk: { beginsWith: userIndexPrefix.session },
  });
  const hashes = found
    .map(({ keys: k }) => String(k.gsi1sk).slice(userIndexPrefix.session.length))
    .filter((h) => h !== exceptHash);
  await Promise.all(hashes.map((hash) => deleteSession(hash)));
}
