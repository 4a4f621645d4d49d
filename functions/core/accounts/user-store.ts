import { nextId } from '../table/counter';
import { transact } from '../table/entity';
import { keys } from '../table/keys';
import { emailClaims, users, type UserItem } from './user-entity';

export type { UserItem };

export class EmailTakenError extends Error {
  constructor() {
    super('Email taken');
    this.name = 'EmailTakenError';
  }
}

/**
 * Creates the user and claims the email in one transaction: two sign-ups racing for one
 * address cannot both succeed.
 */
export async function createUser(input: Omit<UserItem, 'id' | 'createdAt' | 'version'>): Promise<UserItem> {
  const id = await nextId('user');
  const user: UserItem = {
    ...input,
    email: input.email.toLowerCase(),
    id,
    createdAt: new Date().toISOString(),
    version: 1,
  };
  // Only the claim has a condition: a refused transaction is the address already taken.
  const created = await transact([
    emailClaims.tx.put({ email: user.email, userId: id }, { ifAbsent: true }),
    users.tx.put(user),
  ]);
  if (!created.ok) throw new EmailTakenError();
  return user;
}

export const getUser = (id: number) => users.get(keys.user(id));

export async function findUserByEmail(email: string): Promise<UserItem | undefined> {
  const claim = await emailClaims.get(keys.userEmail(email));
  return claim ? getUser(claim.userId) : undefined;
}

export const getUsers = (ids: number[]) => users.batchGet([...new Set(ids)].map(keys.user));

/**
 * Sets fields on a user, on condition that nobody changed the user since `user` was read:
 * a concurrent write is a 409, never silently lost. Answers the user as now stored.
 */
export async function updateUser(
  user: Pick<UserItem, 'id' | 'version'>,
  fields: Partial<
    Pick<UserItem, 'firstName' | 'lastName' | 'subscribed' | 'passwordHash' | 'passwordGeneration' | 'verified'>
  >,
): Promise<UserItem> {
  const updated = await users.update(keys.user(user.id), fields, { expectedVersion: user.version });
  if (!updated) throw new Error(`User ${user.id} vanished during an update`);
  return updated;
}

/**
 * Stores a new password hash and raises the password generation, which ends every reset link
 * issued before (each carries the generation it was issued under). `verified` when a mailed
 * link proved the address.
 */
export const setPassword = (user: UserItem, passwordHash: string, fields: { verified?: true } = {}) =>
  updateUser(user, { ...fields, passwordHash, passwordGeneration: passwordGenerationOf(user) + 1 });

export const passwordGenerationOf = (user: Pick<UserItem, 'passwordGeneration'>) => user.passwordGeneration ?? 0;

/**
 * The owner of an address proved it through a provider, but an unverified account already
 * claims it: whoever registered it never proved the address, so its password (and anything
 * else they chose) goes, and the account becomes the prover's. Conditional on the account
 * still being the unverified one read: false when it changed meanwhile.
 */
export async function claimUnverified(
  user: UserItem,
  names: { firstName: string; lastName: string },
): Promise<boolean> {
  return users.change(keys.user(user.id), {
    set: {
      verified: true,
      firstName: names.firstName,
      lastName: names.lastName,
      subscribed: false,
      passwordGeneration: passwordGenerationOf(user) + 1,
      version: user.version + 1,
    },
    remove: ['passwordHash'],
    ifExists: true,
    when: {
      expression: '#version = :read AND #verified = :false',
      names: { '#version': 'version', '#verified': 'verified' },
      values: { ':read': user.version, ':false': false },
    },
  });
}

export const publicProfile = (user: UserItem) => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  subscribed: user.subscribed,
});
