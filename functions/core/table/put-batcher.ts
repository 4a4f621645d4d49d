import { PutCommand, TransactWriteCommand, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { table } from './client';

interface Waiter {
  input: PutCommandInput;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Puts in one transaction: where DynamoDB Local's cost per write has mostly fallen. */
const GROUP = 25;

let pending: Waiter[] = [];
let scheduled = false;

/** The error a single conditional put throws, so callers recognise it the same way. */
function conditionFailed(): Error {
  const error = new Error('The conditional request failed');
  error.name = 'ConditionalCheckFailedException';
  return error;
}

/**
 * A conditional put. On the embedded runtime, puts asked for in the same turn of the event
 * loop go to DynamoDB Local together, in transactions of up to 25: it serialises writes, and a
 * grouped write costs it about half a single one, which is what bounds a thousand posts
 * published in the same minute. A put whose condition fails is refused exactly as alone
 * (ConditionalCheckFailedException); the others of its transaction are then written again,
 * one by one. In AWS every put is sent alone: a transactional write costs twice the capacity
 * (config.groupTableWrites says which; the test runtime sends them alone too).
 */
export function putConditionally(input: PutCommandInput): Promise<void> {
  if (!config.groupTableWrites)
    return table()
      .send(new PutCommand(input))
      .then(() => undefined);
  return new Promise((resolve, reject) => {
    pending.push({ input, resolve, reject });
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  });
}

function flush() {
  const waiters = pending;
  pending = [];
  scheduled = false;
  const groups: Waiter[][] = [];
  let group: Waiter[] = [];
  let seen = new Set<string>();
  for (const waiter of waiters) {
    // One transaction may not touch an item twice: a second put of the same item starts a new group.
    const id = JSON.stringify([waiter.input.TableName, waiter.input.Item?.pk, waiter.input.Item?.sk]);
    if (group.length === GROUP || seen.has(id)) {
      groups.push(group);
      group = [];
      seen = new Set();
    }
    group.push(waiter);
    seen.add(id);
  }
  if (group.length) groups.push(group);
  for (const g of groups) void write(g);
}

async function putAlone(waiter: Waiter) {
  try {
    await table().send(new PutCommand(waiter.input));
    waiter.resolve();
  } catch (error) {
    waiter.reject(error);
  }
}

async function write(group: Waiter[]) {
  const [only] = group;
  if (only && group.length === 1) return putAlone(only);
  try {
    await table().send(new TransactWriteCommand({ TransactItems: group.map(({ input }) => ({ Put: input })) }));
    for (const waiter of group) waiter.resolve();
  } catch (error) {
    // Nothing of a failed transaction was written. Cancelled: refuse the puts whose condition
    // failed and write the rest alone. Refused whole (over 4 MB together, say): each alone,
    // where a real error shows again, on its own put.
    const reasons =
      (error as Error).name === 'TransactionCanceledException'
        ? ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [])
        : [];
    const again: Promise<void>[] = [];
    group.forEach((waiter, i) => {
      if (reasons[i]?.Code === 'ConditionalCheckFailed') waiter.reject(conditionFailed());
      else again.push(putAlone(waiter));
    });
    await Promise.all(again);
  }
}
