import { rootKeys } from '@/lib/query-keys';

/** The session's keys: outside the company family, and the profile outlives a sign-out (as null). */
export const authKeys = {
  profile: [...rootKeys.auth, 'profile'] as const,
  invitation: (token: string) => ['invitation', token] as const,
};
