import { z } from 'zod';
import { WATCH_SHARDS } from '../table/keys';

/**
 * The one recovery rule for work in flight (a job, an audit run, an import, a feed poll):
 *
 * - The write that starts the work also writes its watch: `watchUntil`, the time by which the
 *   work must have ended or renewed it, and `boot`, the embedded runtime's boot that runs it.
 *   Work that goes on renews its watch in the writes it makes anyway (a step, a batch).
 * - Work is abandoned once its watch time has passed, or at once when the boot that stamped it
 *   is not this one: only a dead process could have renewed it, so nobody waits for it.
 * - A sweeper (the `sweep-work` recurring worker; at start, then every minute on the embedded
 *   runtime) takes abandoned work back with a write conditioned on the watch it read, so of two
 *   sweeps one wins, and resumes it (idempotent work) or ends it (failed, with the spec's sentence).
 *
 * On AWS nothing has a boot: Lambda has no process that outlives a request, and Step Functions
 * keeps executions, so only the watch time counts there.
 */
let currentBoot: string | undefined;

/** The embedded runtime names its boot here at start-up (a new one each start, see infra/local/runtime.ts). */
export function useBoot(id: string | undefined) {
  currentBoot = id;
}

/** This process's boot, when it is the embedded runtime's; undefined on AWS and in tests' own processes. */
export const currentBootId = () => currentBoot;

/** The fields of a watch, on the item the work is about. */
export const watchShape = {
  watchUntil: z.string().nullable().optional(),
  boot: z.string().nullable().optional(),
  /** How many times the sweeper has resumed the work: past MAX_RESUMES it ends it. */
  resumes: z.number().optional(),
};
export interface Watched {
  watchUntil?: string | null | undefined;
  boot?: string | null | undefined;
  resumes?: number | undefined;
}

/** Work resumed this often and dead again is ended rather than resumed once more. */
export const MAX_RESUMES = 3;

/** A watch of `ms` from now, stamped with this boot. */
export function watchFor(ms: number, now = Date.now()): { watchUntil: string; boot?: string } {
  return { watchUntil: new Date(now + ms).toISOString(), ...(currentBoot ? { boot: currentBoot } : {}) };
}

/** Whether work with this watch is abandoned: its time is past, or the boot that runs it is gone. */
export function isAbandoned(work: Watched, now = Date.now()): boolean {
  if (!work.watchUntil) return false;
  if (work.boot && currentBoot && work.boot !== currentBoot) return true;
  return Date.parse(work.watchUntil) <= now;
}

/**
 * The kinds of work the work sweeper finds on GSI3 partitions of their own. Leases taken inside
 * such work (an import's, a feed poll's) are freed by their boot (`leaseFree`) and their job is
 * what the sweeper resumes.
 */
export type WatchKind = 'job' | 'audit';

const workWatchPartition = (kind: WatchKind, shard: number) => `WORKWATCH#${kind}#${shard}`;

/**
 * GSI3, sparse: work in flight by its watch time, spread over WATCH_SHARDS partitions by
 * company. Written with the watch, removed when the work ends (UNWATCH).
 */
export const watchIndex = (kind: WatchKind, companyId: number, id: string, watchUntil: string) => ({
  gsi3pk: workWatchPartition(kind, companyId % WATCH_SHARDS),
  gsi3sk: `${watchUntil}#${companyId}#${id}`,
});

/** What an ended piece of work removes: its watch and its place on the index (a patch's `remove`). */
export const UNWATCH = ['watchUntil', 'boot', 'gsi3pk', 'gsi3sk'] as never[];

/** The condition of a takeover: the watch is still the one the sweeper read (nobody renewed or took it since). */
export function sameWatch(work: Watched): Condition {
  return work.watchUntil
    ? { expression: 'watchUntil = :seenWatch', values: { ':seenWatch': work.watchUntil } }
    : {
        expression: 'attribute_not_exists(watchUntil) OR attribute_type(watchUntil, :nullType)',
        values: { ':nullType': 'NULL' },
      };
}

interface Condition {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** Two conditions of one write, both to hold. */
export function bothHold(a: Condition, b: Condition | undefined): Condition {
  if (!b) return a;
  return {
    expression: `(${a.expression}) AND (${b.expression})`,
    names: { ...a.names, ...b.names },
    values: { ...a.values, ...b.values },
  };
}

/** Watched work looked at per shard and sweep: a backlog clears over the next sweeps. */
const PER_SHARD = 200;

/**
 * The watched work a sweep should look at, on GSI3 partitions `partition(shard)`: past its watch
 * time, and on the embedded runtime also every item stamped by another boot (a restart takes
 * those back at once, however far their watch time). `watchOf` reads an item's watch when it is
 * not in `watchUntil`/`boot` (a post's lease, say).
 */
export async function dueWork<T>(
  partition: WatchKind | ((shard: number) => string),
  query: (q: { index: 'GSI3'; pk: string; sk: { atMost: string }; limit: number }) => Promise<T[]>,
  now = Date.now(),
  watchOf: (item: T) => Watched = (item) => item as Watched,
): Promise<T[]> {
  const pk = typeof partition === 'function' ? partition : (shard: number) => workWatchPartition(partition, shard);
  const upTo = currentBoot ? '~' : `${new Date(now).toISOString()}#~`;
  const out: T[] = [];
  for (let shard = 0; shard < WATCH_SHARDS; shard++) {
    const items = await query({ index: 'GSI3', pk: pk(shard), sk: { atMost: upTo }, limit: PER_SHARD });
    out.push(...items.filter((item) => isAbandoned(watchOf(item), now)));
  }
  return out;
}

/**
 * The condition of a lease taken in one conditional write (an import, a feed's poll): free,
 * past its time, held by `holder` already (a retried attempt), or held by a boot that is gone.
 * `fields` name the lease's attributes, a document path allowed (`polling.watchUntil`).
 */
export function leaseFree(
  fields: { until: string; boot: string; holder: string },
  holder: string,
  now = Date.now(),
): Condition {
  const names: Record<string, string> = {};
  const path = (field: string) =>
    field
      .split('.')
      .map((part) => {
        const name = `#lease_${part}`;
        names[name] = part;
        return name;
      })
      .join('.');
  const [until, by] = [path(fields.until), path(fields.holder)];
  // DynamoDB refuses a name the expression does not use: the boot's only where there is one.
  const boot = currentBoot ? path(fields.boot) : undefined;
  const clauses = [
    `attribute_not_exists(${until})`,
    `attribute_type(${until}, :leaseNull)`,
    `${until} < :leaseNow`,
    `${by} = :leaseHolder`,
    ...(boot ? [`(attribute_type(${boot}, :leaseString) AND ${boot} <> :leaseBoot)`] : []),
  ];
  return {
    expression: clauses.join(' OR '),
    names,
    values: {
      ':leaseNull': 'NULL',
      ':leaseNow': new Date(now).toISOString(),
      ':leaseHolder': holder,
      ...(currentBoot ? { ':leaseString': 'S', ':leaseBoot': currentBoot } : {}),
    },
  };
}
