import { keys } from '../table/keys';
import { ttlIn } from '../table/client';
import { nextId } from '../table/counter';
import { resetDecoys, resetLinks, verifyCodes, verifyDecoys } from './link-token-entity';
import { newToken, sameHash } from './tokens';
import { passwordGenerationOf, type UserItem } from './user-store';

/** A verification link is good for two days, a reset link for one hour. */
const VERIFY_TTL_SECONDS = 2 * 24 * 3600;
const RESET_TTL_SECONDS = 3600;

/** Deletes the token only if it is still the one read: of two concurrent uses, one wins. */
const stillHash = (attribute: 'codeHash' | 'tokenHash', expected: string) => ({
  expression: '#a = :v',
  names: { '#a': attribute },
  values: { ':v': expected },
});

/** Issuing a new code replaces the old one: only the newest verification mail works. */
export async function issueVerifyCode(userId: number): Promise<string> {
  const { token, hash } = newToken();
  await verifyCodes.put({ userId, codeHash: hash, ttl: ttlIn(VERIFY_TTL_SECONDS) });
  return token;
}

/** Consumes the code: a conditional delete, so it works once even if clicked twice at once. */
export async function consumeVerifyCode(userId: number, code: string): Promise<boolean> {
  const item = await verifyCodes.get(keys.verifyCode(userId));
  if (!item?.userId || !sameHash(code, item.codeHash)) return false;
  return verifyCodes.deleteWhen(keys.verifyCode(userId), stillHash('codeHash', item.codeHash));
}

/**
 * A reset link for the user, carrying the user's password generation: once a password is set
 * (by this link, another one or a change), the generation moves on and this link is dead.
 */
export async function issueResetToken(
  user: Pick<UserItem, 'id' | 'passwordGeneration'>,
): Promise<{ resetId: number; token: string }> {
  const resetId = await nextId('reset');
  const { token, hash } = newToken();
  await resetLinks.put(
    {
      userId: user.id,
      passwordGeneration: passwordGenerationOf(user),
      tokenHash: hash,
      ttl: ttlIn(RESET_TTL_SECONDS),
    },
    { key: keys.resetLink(resetId) },
  );
  return { resetId, token };
}

/**
 * The same writes as issuing a reset link, for an address without an account: the answer
 * must take as long either way. Nobody ever holds its token, and it expires in a minute.
 */
export async function issueDecoyResetToken(): Promise<void> {
  const resetId = await nextId('reset');
  const { hash } = newToken();
  await resetDecoys.put({ tokenHash: hash, ttl: ttlIn(60) }, { key: keys.resetLink(resetId) });
}

/** The same write as issuing a verification code, for an address that gets no mail. */
export async function issueDecoyVerifyCode(): Promise<void> {
  const { hash } = newToken();
  // User ids start at 1: VERIFY#0 belongs to nobody.
  await verifyDecoys.put({ codeHash: hash, ttl: ttlIn(60) });
}

/**
 * Consumes the reset link: the user it was issued for and the password generation it was
 * issued under, or undefined when the link is unknown, expired or already used.
 */
export async function consumeResetToken(
  resetId: number,
  token: string,
): Promise<{ userId: number; passwordGeneration: number } | undefined> {
  const item = await resetLinks.get(keys.resetLink(resetId));
  if (!item?.userId || !sameHash(token, item.tokenHash)) return undefined;
  if (!(await resetLinks.deleteWhen(keys.resetLink(resetId), stillHash('tokenHash', item.tokenHash)))) return undefined;
  return { userId: item.userId, passwordGeneration: item.passwordGeneration ?? 0 };
}
