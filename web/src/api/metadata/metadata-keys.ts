import { rootKeys } from '@/lib/query-keys';

/** The public metadata: the same for everyone, kept across sign-in and sign-out. */
export const metadataKeys = {
  all: rootKeys.metadata,
};
