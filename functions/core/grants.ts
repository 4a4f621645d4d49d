import type { WorkflowName } from './workflows';

/**
 * What a Lambda may touch in AWS, declared beside the code that needs it (an area's
 * `grants.ts` next to its `routes.ts`). The CDK stack grants exactly this and nothing else:
 * a route that starts using a new resource fails in AWS until its area declares it, and the
 * declaration is where a reviewer sees the change.
 *
 * The vocabulary is deliberately small: it names the app's own resources, never ARNs.
 */

/** Item reads. No Scan: every read the app serves is a GetItem, Query or BatchGet. */
export const TABLE_READ = ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem'] as const;
/** Item writes (TransactWriteItems is authorised per item as these). */
export const TABLE_WRITE = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'] as const;

export type TableOperation = (typeof TABLE_READ)[number] | (typeof TABLE_WRITE)[number];

/** Secrets a function may read at run time; each is a Secrets Manager secret of the stack. */
export type SecretName = 'oauth-clients' | 'openai' | 'stripe';

type KeyUse = 'encrypt' | 'decrypt';

/**
 * What the token key seals, each under an encryption context of its own: platform tokens
 * (integrations/connection-store.ts), webhook signing secrets (public-api/webhooks.ts) and a
 * site's basic-auth password for audits (audit/audit-settings-store.ts).
 */
export type SealedName = 'platform-tokens' | 'webhook-secrets' | 'audit-passwords';

export interface MediaGrant {
  /** GetObject/HeadObject (and ListBucket, so a missing object is a 404, not a 403). */
  read?: boolean;
  /** ListBucket: the keys under the prefix (counting or deleting a company's files). */
  list?: boolean;
  /** PutObject, which presigned upload URLs are signed with. */
  write?: boolean;
  /** DeleteObject (a delete marker: the bucket is versioned, older versions stay). */
  delete?: boolean;
  /** PutObjectTagging: setting or removing an object's tags. */
  tag?: boolean;
  /** Limits every action to keys under this prefix, e.g. `uploads/`. */
  prefix?: string;
}

export interface Grants {
  /** DynamoDB actions on the single table and its indexes. */
  table?: readonly TableOperation[];
  /** One grant, or one per prefix when the actions differ by prefix (uploads: staging/ and companies/). */
  media?: MediaGrant | readonly MediaGrant[];
  /** Workflows this code starts (states:StartExecution on those state machines). */
  workflows?: readonly WorkflowName[];
  /** Create, move, read, list and delete one-time schedules in the app's schedule group (and pass its role). */
  schedules?: boolean;
  /** SES SendEmail, from MAIL_FROM only. */
  mail?: boolean;
  secrets?: readonly SecretName[];
  /** The platform-token KMS key. */
  tokenKey?: readonly KeyUse[];
  /**
   * Narrows `tokenKey` to these ciphertexts, told apart by their encryption context; without it
   * the grant covers anything the key sealed.
   */
  sealed?: readonly SealedName[];
}

/** Identity function: gives a declaration its type where it is written. */
export const defineGrants = (grants: Grants): Grants => grants;

/** The common case: read and write items of the table. */
export const TABLE_READ_WRITE: readonly TableOperation[] = [...TABLE_READ, ...TABLE_WRITE];

const union = <T>(lists: readonly (readonly T[] | undefined)[]): T[] | undefined => {
  const all = [...new Set(lists.flatMap((list) => list ?? []))];
  return all.length ? all : undefined;
};

const MEDIA_ACTIONS = ['read', 'list', 'write', 'delete', 'tag'] as const;

/**
 * What one function running several pieces of code (a job worker's kinds) may touch: each
 * resource any of them names, with the actions any of them names on it, and nothing else.
 * A key narrowed to sealed ciphertexts stays narrowed only while every use of it is.
 */
export function mergeGrants(all: readonly Grants[]): Grants {
  const media = new Map<string, MediaGrant>();
  for (const grant of all.flatMap((g) => [g.media ?? []].flat())) {
    const prefix = grant.prefix ?? '';
    const merged: MediaGrant = { ...media.get(prefix) };
    for (const action of MEDIA_ACTIONS) if (grant[action]) merged[action] = true;
    media.set(prefix, prefix ? { ...merged, prefix } : merged);
  }
  const keyUsers = all.filter((g) => g.tokenKey?.length);
  const merged: Grants = {
    table: union(all.map((g) => g.table)),
    media: media.size === 1 ? [...media.values()][0] : media.size ? [...media.values()] : undefined,
    workflows: union(all.map((g) => g.workflows)),
    schedules: all.some((g) => g.schedules) || undefined,
    mail: all.some((g) => g.mail) || undefined,
    secrets: union(all.map((g) => g.secrets)),
    tokenKey: union(keyUsers.map((g) => g.tokenKey)),
    sealed: keyUsers.every((g) => g.sealed?.length) ? union(keyUsers.map((g) => g.sealed)) : undefined,
  };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined));
}
