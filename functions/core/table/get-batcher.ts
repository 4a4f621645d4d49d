import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from './client';
import type { TableKey } from './keys';

type Item = Record<string, unknown>;

interface Waiter {
  key: TableKey;
  resolve: (item: Item | undefined) => void;
  reject: (error: unknown) => void;
}

interface Pending {
  table: string;
  consistent: boolean;
  waiters: Waiter[];
}

/** DynamoDB's limit of keys in one BatchGetItem. */
const BATCH_KEYS = 100;
/** Asks for the keys DynamoDB leaves unprocessed under load this many times. */
const ATTEMPTS = 5;

const keyId = (key: TableKey) => `${key.pk}\u0000${key.sk}`;

let pending = new Map<string, Pending>();
let scheduled = false;

/**
 * Reads one item by key. Reads asked for in the same turn of the event loop go to the table
 * together, as one BatchGetItem per 100 keys (strongly consistent reads apart from eventually
 * consistent ones, as each request takes one setting); a read alone is a plain GetItem, so a
 * Lambda that reads one item at a time pays nothing for this. Why: when many workflows run at
 * once (a thousand posts due in the same minute on the embedded runtime) every publish reads
 * the same three kinds of item, and a batch of 50 costs DynamoDB Local and the SDK about a
 * seventh of 50 single reads (tests/bench/ddb-batch-probe.ts).
 */
export function getItem(key: TableKey, options: { consistent?: boolean } = {}): Promise<Item | undefined> {
  const consistent = options.consistent ?? false;
  const name = tableName();
  const group = `${name}\u0000${consistent}`;
  return new Promise((resolve, reject) => {
    let entry = pending.get(group);
    if (!entry) {
      entry = { table: name, consistent, waiters: [] };
      pending.set(group, entry);
    }
    entry.waiters.push({ key, resolve, reject });
    if (!scheduled) {
      scheduled = true;
      // After the I/O callbacks of this turn: every read they asked for joins the batch.
      setImmediate(flush);
    }
  });
}

function flush() {
  const groups = [...pending.values()];
  pending = new Map();
  scheduled = false;
  for (const group of groups) {
    for (let i = 0; i < group.waiters.length; i += BATCH_KEYS) {
      const waiters = group.waiters.slice(i, i + BATCH_KEYS);
      const [only] = waiters;
      (only && waiters.length === 1 ? readOne(group, only) : readMany(group, waiters)).catch((error: unknown) => {
        for (const waiter of waiters) waiter.reject(error);
      });
    }
  }
}

async function readOne(group: Pending, waiter: Waiter) {
  const out = await table().send(
    new GetCommand({ TableName: group.table, Key: waiter.key, ConsistentRead: group.consistent }),
  );
  waiter.resolve(out.Item);
}

async function readMany(group: Pending, waiters: Waiter[]) {
  // BatchGetItem refuses a key twice in one request: each key is asked once and answers all its waiters.
  const byKey = new Map<string, Waiter[]>();
  const keysOf = () => [...byKey.values()].flatMap((same) => same.slice(0, 1).map((waiter) => waiter.key));
  for (const waiter of waiters) {
    const id = keyId(waiter.key);
    const same = byKey.get(id);
    if (same) same.push(waiter);
    else byKey.set(id, [waiter]);
  }
  let keys = keysOf();
  for (let attempt = 0; keys.length && attempt < ATTEMPTS; attempt++) {
    const out = await table().send(
      new BatchGetCommand({ RequestItems: { [group.table]: { Keys: keys, ConsistentRead: group.consistent } } }),
    );
    for (const item of (out.Responses?.[group.table] ?? []) as Item[]) {
      const id = keyId({ pk: String(item.pk), sk: String(item.sk) });
      for (const waiter of byKey.get(id) ?? []) waiter.resolve(item);
      byKey.delete(id);
    }
    const unprocessed = new Set(
      ((out.UnprocessedKeys?.[group.table]?.Keys ?? []) as TableKey[]).map((key) => keyId(key)),
    );
    // Keys neither returned nor unprocessed do not exist.
    for (const [id, same] of byKey) {
      if (unprocessed.has(id)) continue;
      for (const waiter of same) waiter.resolve(undefined);
      byKey.delete(id);
    }
    keys = keysOf();
    // Back off before asking again, not after the last attempt: its waiters are rejected at once.
    if (keys.length && attempt + 1 < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
  }
  if (byKey.size) throw new Error(`DynamoDB left ${byKey.size} keys unprocessed after ${ATTEMPTS} attempts`);
}
