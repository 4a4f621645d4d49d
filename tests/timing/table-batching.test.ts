import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand, GetCommand, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { table } from '../../functions/core/table/client';
import { isConditionFailed } from '../../functions/core/table/conditional';
import { getItem } from '../../functions/core/table/get-batcher';
import { putConditionally } from '../../functions/core/table/put-batcher';
import type { TableKey } from '../../functions/core/table/keys';
import { createOwnTable, useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/**
 * The table layer's batching against the suite's DynamoDB Local, in tables of this file's own:
 * the calls that reach the table are counted by a middleware on the shared client, as
 * tests/bench/publish-bench.ts counts them.
 */
type Item = Record<string, unknown>;
interface Call {
  command: string;
  input: Record<string, unknown>;
}

let ownTable: string;
let otherTable: string;
const run = Date.now();
let seq = 0;
/** Keys no other test (or earlier run) uses. */
const key = (label: string): TableKey => ({ pk: `BATCHTEST#${run}#${++seq}#${label}`, sk: 'ITEM' });

beforeAll(async () => {
  useSuiteRuntimeEnv();
  ownTable = await createOwnTable('batching');
  otherTable = await createOwnTable('batching-other');
  process.env.TABLE_NAME = ownTable;
});

const middlewares: string[] = [];
afterEach(() => {
  for (const name of middlewares.splice(0)) table().middlewareStack.remove(name);
  process.env.RUNTIME = 'local';
  process.env.TABLE_WRITE_GROUPING = 'on';
  process.env.TABLE_NAME = ownTable;
});

/**
 * Records every command the table client sends from now on. `intercept` may answer instead of
 * the table (or change what is asked): it runs where the SDK still holds plain JavaScript values.
 */
function countCalls(
  intercept?: (call: Call, next: (input: Record<string, unknown>) => Promise<{ output: Item }>) => Promise<unknown>,
) {
  const calls: Call[] = [];
  const name = `countCalls-${middlewares.length}-${Date.now()}`;
  middlewares.push(name);
  table().middlewareStack.add(
    (next, context) => async (args) => {
      const call = {
        command: context.commandName ?? '',
        input: structuredClone(args.input) as Record<string, unknown>,
      };
      calls.push(call);
      if (!intercept) return next(args);
      return (await intercept(call, (input) => next({ ...args, input }) as Promise<{ output: Item }>)) as never;
    },
    { step: 'initialize', name },
  );
  return {
    calls,
    of: (command: string) => calls.filter((c) => c.command === `${command}Command`),
  };
}

/** Writes items straight to a table, 25 at a time (before any counting starts). */
async function seed(items: Item[], tableName = ownTable) {
  for (let i = 0; i < items.length; i += 25) {
    await table().send(
      new BatchWriteCommand({
        RequestItems: { [tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
}

/** The item as stored now (a strongly consistent GetItem, sent before or after any counting). */
async function stored(k: TableKey, tableName = ownTable): Promise<Item | undefined> {
  const Key = { pk: k.pk, sk: k.sk };
  return (await table().send(new GetCommand({ TableName: tableName, Key, ConsistentRead: true }))).Item;
}

/** What a BatchGetItem call asked of one table. */
function batchKeys(call: Call, tableName = ownTable): { Keys: TableKey[]; ConsistentRead?: boolean } {
  const asked = (call.input.RequestItems as Record<string, { Keys: TableKey[]; ConsistentRead?: boolean }>)[tableName];
  if (!asked) throw new Error(`${call.command} asked nothing of ${tableName}`);
  return asked;
}

describe('getItem: the reads of one turn batched', () => {
  it('sends the reads of one turn as one BatchGetItem, and a read alone as a GetItem', async () => {
    const items = ['a', 'b', 'c', 'd', 'e'].map((label) => ({ ...key(label), label }));
    await seed(items);
    const counted = countCalls();

    const read = await Promise.all(items.map((item) => getItem({ pk: item.pk, sk: item.sk })));
    expect(read).toEqual(items);
    expect(counted.calls).toHaveLength(1);
    expect(counted.of('BatchGetItem')).toHaveLength(1);
    expect(batchKeys(counted.calls[0]!).Keys).toHaveLength(5);

    const [first] = items;
    expect(await getItem({ pk: first!.pk, sk: first!.sk })).toEqual(first);
    expect(counted.calls).toHaveLength(2);
    expect(counted.of('GetItem')).toHaveLength(1);
    expect(counted.of('GetItem')[0]!.input).toMatchObject({ TableName: ownTable, Key: { pk: first!.pk } });

    // Reads of different turns are not held back for each other: each alone.
    for (const item of items.slice(0, 3)) expect(await getItem({ pk: item.pk, sk: item.sk })).toEqual(item);
    expect(counted.of('GetItem')).toHaveLength(4);
    expect(counted.of('BatchGetItem')).toHaveLength(1);
  });

  it('asks at most 100 keys per BatchGetItem (a last key alone is a GetItem)', async () => {
    const items = Array.from({ length: 201 }, (_, i) => ({ ...key(`n${i}`), n: i }));
    await seed(items);
    const counted = countCalls();

    const read = await Promise.all(items.map((item) => getItem({ pk: item.pk, sk: item.sk })));
    expect(read).toEqual(items);
    expect(counted.of('BatchGetItem').map((call) => batchKeys(call).Keys.length)).toEqual([100, 100]);
    expect(counted.of('GetItem')).toHaveLength(1);
    expect(counted.calls).toHaveLength(3);
  });

  it('sends consistent and eventually consistent reads in separate batches', async () => {
    const items = ['s1', 's2', 's3', 'e1', 'e2', 'e3'].map((label) => ({ ...key(label), label }));
    await seed(items);
    const counted = countCalls();

    const read = await Promise.all(
      items.map((item, i) => getItem({ pk: item.pk, sk: item.sk }, { consistent: i < 3 })),
    );
    expect(read).toEqual(items);
    const batches = counted.of('BatchGetItem').map((call) => batchKeys(call));
    expect(counted.calls).toHaveLength(2);
    expect(batches).toHaveLength(2);
    const strong = batches.find((b) => b.ConsistentRead === true);
    const eventual = batches.find((b) => !b.ConsistentRead);
    expect(strong?.Keys.map((k) => k.pk).sort()).toEqual(
      items
        .slice(0, 3)
        .map((i) => i.pk)
        .sort(),
    );
    expect(eventual?.Keys.map((k) => k.pk).sort()).toEqual(
      items
        .slice(3)
        .map((i) => i.pk)
        .sort(),
    );
  });

  it('asks a key repeated in one turn once, answers every waiter, and resolves missing items undefined', async () => {
    const a = { ...key('a'), label: 'a' };
    const b = { ...key('b'), label: 'b' };
    const missing = key('missing');
    await seed([a, b]);
    const counted = countCalls();

    const asked = [a, a, b, missing, missing, a].map((k) => getItem({ pk: k.pk, sk: k.sk }));
    expect(await Promise.all(asked)).toEqual([a, a, b, undefined, undefined, a]);
    expect(counted.calls).toHaveLength(1);
    expect(
      batchKeys(counted.calls[0]!)
        .Keys.map((k) => k.pk)
        .sort(),
    ).toEqual([a.pk, b.pk, missing.pk].sort());

    // A missing item alone, too.
    expect(await getItem(key('missing-alone'))).toBeUndefined();
    expect(counted.of('GetItem')).toHaveLength(1);
  });

  it('asks again for UnprocessedKeys until every key is answered', async () => {
    const items = ['u1', 'u2', 'u3', 'u4'].map((label) => ({ ...key(label), label }));
    await seed(items);
    let attempt = 0;
    const counted = countCalls(async (call, next) => {
      if (call.command !== 'BatchGetItemCommand') return next(call.input);
      attempt++;
      const asked = batchKeys(call).Keys;
      // First: the table answers the first key only; second: nothing at all; then everything.
      if (attempt === 1) {
        const out = await next({ RequestItems: { [ownTable]: { ...batchKeys(call), Keys: asked.slice(0, 1) } } });
        return { ...out, output: { ...out.output, UnprocessedKeys: { [ownTable]: { Keys: asked.slice(1) } } } };
      }
      if (attempt === 2)
        return {
          response: {},
          output: { $metadata: {}, Responses: {}, UnprocessedKeys: { [ownTable]: { Keys: asked } } },
        };
      return next(call.input);
    });

    const read = await Promise.all(items.map((item) => getItem({ pk: item.pk, sk: item.sk })));
    expect(read).toEqual(items);
    expect(counted.of('BatchGetItem').map((call) => batchKeys(call).Keys.length)).toEqual([4, 3, 3]);
    expect(counted.calls).toHaveLength(3);
  });

  it('rejects the waiters of keys still unprocessed after 5 attempts, and answers the others', async () => {
    const items = ['ok1', 'ok2', 'stuck'].map((label) => ({ ...key(label), label }));
    await seed(items);
    const stuck = items[2]!;
    let lastAttemptAt = 0;
    const counted = countCalls(async (call, next) => {
      if (call.command !== 'BatchGetItemCommand') return next(call.input);
      lastAttemptAt = Date.now();
      const asked = batchKeys(call).Keys;
      const others = asked.filter((k) => k.pk !== stuck.pk);
      const out = others.length
        ? await next({ RequestItems: { [ownTable]: { ...batchKeys(call), Keys: others } } })
        : { response: {}, output: { $metadata: {}, Responses: {} } };
      return { ...out, output: { ...out.output, UnprocessedKeys: { [ownTable]: { Keys: [stuck] } } } };
    });

    const asked = [items[0]!, stuck, items[1]!, stuck].map((k) =>
      getItem({ pk: k.pk, sk: k.sk }).then(
        (item) => ({ item, at: Date.now() }),
        (error: unknown) => ({ error: error as Error, at: Date.now() }),
      ),
    );
    const [first, stuckOnce, second, stuckTwice] = await Promise.all(asked);
    // Rejected right after the fifth attempt, without a backoff that leads to no sixth one.
    expect(stuckOnce!.at - lastAttemptAt).toBeLessThan(150);
    expect(first).toMatchObject({ item: items[0] });
    expect(second).toMatchObject({ item: items[1] });
    expect(stuckOnce).toMatchObject({ error: { message: expect.stringMatching(/unprocessed/) } });
    expect(stuckTwice).toMatchObject({ error: { message: expect.stringMatching(/unprocessed/) } });
    expect(counted.of('BatchGetItem').map((call) => batchKeys(call).Keys.length)).toEqual([3, 1, 1, 1, 1]);
  });

  it('rejects only the waiters of the batch whose call failed', async () => {
    const items = Array.from({ length: 150 }, (_, i) => ({ ...key(`f${i}`), n: i }));
    const strong = ['c1', 'c2'].map((label) => ({ ...key(label), label }));
    await seed([...items, ...strong]);
    const counted = countCalls(async (call, next) => {
      // The batch holding the first key fails; every other call reaches the table.
      if (call.command === 'BatchGetItemCommand' && batchKeys(call).Keys.some((k) => k.pk === items[0]!.pk))
        throw new Error('the table fell over');
      return next(call.input);
    });

    const settled = await Promise.allSettled([
      ...items.map((item) => getItem({ pk: item.pk, sk: item.sk })),
      ...strong.map((item) => getItem({ pk: item.pk, sk: item.sk }, { consistent: true })),
    ]);
    expect(counted.of('BatchGetItem').map((call) => batchKeys(call).Keys.length)).toEqual([100, 50, 2]);
    const failed = settled.slice(0, 100);
    expect(failed.every((s) => s.status === 'rejected' && (s.reason as Error).message === 'the table fell over')).toBe(
      true,
    );
    expect(settled.slice(100).map((s) => (s.status === 'fulfilled' ? s.value : s.reason))).toEqual([
      ...items.slice(100),
      ...strong,
    ]);
  });

  it('reads from the table TABLE_NAME named when the read was asked, even if it changes before the batch goes', async () => {
    const shared = key('shared');
    const onlyHere = { ...key('only-here'), label: 'own' };
    await seed([{ ...shared, label: 'own' }, onlyHere], ownTable);
    await seed([{ ...shared, label: 'other' }], otherTable);
    const counted = countCalls();

    process.env.TABLE_NAME = ownTable;
    const fromOwn = getItem(shared);
    process.env.TABLE_NAME = otherTable;
    const fromOther = getItem(shared);
    const missingInOther = getItem({ pk: onlyHere.pk, sk: onlyHere.sk });
    process.env.TABLE_NAME = ownTable;
    const ownAgain = getItem({ pk: onlyHere.pk, sk: onlyHere.sk });
    // The batch leaves after the switch back; the other table's reads must still go there.
    process.env.TABLE_NAME = 'no-such-table';

    expect(await fromOwn).toEqual({ ...shared, label: 'own' });
    expect(await fromOther).toEqual({ ...shared, label: 'other' });
    expect(await missingInOther).toBeUndefined();
    expect(await ownAgain).toEqual(onlyHere);
    const tables = counted.of('BatchGetItem').flatMap((call) => Object.keys(call.input.RequestItems as Item));
    expect(tables.sort()).toEqual([ownTable, otherTable].sort());
    expect(counted.calls).toHaveLength(2);
  });
});

/** A conditional create: refused when the item exists. */
const create = (item: Item, tableName = ownTable): PutCommandInput => ({
  TableName: tableName,
  Item: item,
  ConditionExpression: 'attribute_not_exists(pk)',
});

const settle = (promise: Promise<void>) =>
  promise.then(
    () => 'written' as const,
    (error: unknown) => error as Error,
  );

describe('putConditionally: the puts of one turn grouped on the embedded runtime', () => {
  it('writes the puts of one turn in transactions of up to 25, and a put alone as a PutItem', async () => {
    const items = Array.from({ length: 60 }, (_, i) => ({ ...key(`p${i}`), n: i }));
    const counted = countCalls();

    await Promise.all(items.map((item) => putConditionally(create(item))));
    const transactions = counted.of('TransactWriteItems');
    expect(transactions.map((call) => (call.input.TransactItems as unknown[]).length)).toEqual([25, 25, 10]);
    expect(counted.calls).toHaveLength(3);
    for (const item of items) expect(await stored(item)).toEqual(item);

    const alone = { ...key('alone'), n: -1 };
    await putConditionally(create(alone));
    expect(counted.of('PutItem')).toHaveLength(1);
    expect(counted.of('TransactWriteItems')).toHaveLength(3);
    expect(await stored(alone)).toEqual(alone);
  });

  it('refuses a put whose condition fails as alone, and still writes the others of its group', async () => {
    const existing = { ...key('existing'), version: 1 };
    const versioned = { ...key('versioned'), version: 3 };
    await seed([existing, versioned]);
    const fresh = Array.from({ length: 5 }, (_, i) => ({ ...key(`fresh${i}`), n: i }));
    const counted = countCalls();

    const outcomes = await Promise.all([
      ...fresh.slice(0, 2).map((item) => settle(putConditionally(create(item)))),
      settle(putConditionally(create({ ...existing, version: 99 }))),
      settle(
        putConditionally({
          TableName: ownTable,
          Item: { ...versioned, version: 4 },
          ConditionExpression: '#v = :read',
          ExpressionAttributeNames: { '#v': 'version' },
          ExpressionAttributeValues: { ':read': 3 },
        }),
      ),
      ...fresh.slice(2).map((item) => settle(putConditionally(create(item)))),
    ]);

    const refused = outcomes[2] as Error;
    expect(refused).toBeInstanceOf(Error);
    expect(refused.name).toBe('ConditionalCheckFailedException');
    expect(isConditionFailed(refused)).toBe(true);
    expect(outcomes.filter((o) => o === 'written')).toHaveLength(6);
    expect(await stored(existing)).toEqual(existing);
    expect(await stored(versioned)).toEqual({ ...versioned, version: 4 });
    for (const item of fresh) expect(await stored(item)).toEqual(item);
    // One transaction, cancelled; then the six whose condition held, each alone.
    expect(counted.of('TransactWriteItems')).toHaveLength(1);
    expect(counted.of('PutItem')).toHaveLength(6);
    expect(counted.of('PutItem').map((call) => (call.input.Item as Item).pk)).not.toContain(existing.pk);
  });

  it('puts one item twice in one turn in different transactions: exactly one create wins', async () => {
    const twice = key('twice');
    const others = Array.from({ length: 4 }, (_, i) => ({ ...key(`other${i}`), n: i }));
    const counted = countCalls();

    const outcomes = await Promise.all([
      settle(putConditionally(create({ ...twice, from: 'first' }))),
      ...others.slice(0, 2).map((item) => settle(putConditionally(create(item)))),
      settle(putConditionally(create({ ...twice, from: 'second' }))),
      ...others.slice(2).map((item) => settle(putConditionally(create(item)))),
    ]);

    // No transaction touched the item twice (DynamoDB would refuse it whole).
    for (const call of counted.of('TransactWriteItems')) {
      const ids = (call.input.TransactItems as { Put: { Item: Item } }[]).map(
        ({ Put }) => `${String(Put.Item.pk)}/${String(Put.Item.sk)}`,
      );
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(counted.of('TransactWriteItems').map((call) => (call.input.TransactItems as unknown[]).length)).toEqual([
      3, 3,
    ]);
    const twiceOutcomes = [outcomes[0], outcomes[3]];
    expect(twiceOutcomes.filter((o) => o === 'written')).toHaveLength(1);
    const loser = twiceOutcomes.find((o) => o !== 'written') as Error;
    expect(isConditionFailed(loser)).toBe(true);
    const winner = twiceOutcomes[0] === 'written' ? 'first' : 'second';
    expect(await stored(twice)).toEqual({ ...twice, from: winner });
    expect([outcomes[1], outcomes[2], outcomes[4], outcomes[5]]).toEqual(['written', 'written', 'written', 'written']);
    for (const item of others) expect(await stored(item)).toEqual(item);
  });

  it('falls back to single puts when the transaction is refused whole (25 items of 300 KB: over 4 MB)', async () => {
    const big = 'x'.repeat(300_000);
    const items = Array.from({ length: 25 }, (_, i) => ({ ...key(`big${i}`), n: i, big }));
    const existing = items[7]!;
    await seed([{ ...existing, big: 'already here' }]);
    const counted = countCalls();

    const outcomes = await Promise.all(items.map((item) => settle(putConditionally(create(item)))));

    expect(counted.of('TransactWriteItems')).toHaveLength(1);
    expect(counted.of('PutItem')).toHaveLength(25);
    // The one whose condition fails shows it on its own put; the others are written.
    expect(isConditionFailed(outcomes[7])).toBe(true);
    expect(outcomes.filter((o) => o === 'written')).toHaveLength(24);
    for (const [i, item] of items.entries()) {
      const read = await stored(item);
      expect(read?.big).toBe(i === 7 ? 'already here' : big);
    }
  });

  it.each([
    ['RUNTIME=aws', { RUNTIME: 'aws' }],
    ['TABLE_WRITE_GROUPING=off on the embedded runtime', { RUNTIME: 'local', TABLE_WRITE_GROUPING: 'off' }],
  ])('with %s sends every put alone as a PutItem', async (_, env) => {
    Object.assign(process.env, env);
    const existing = { ...key('aws-existing'), v: 1 };
    await seed([existing]);
    const items = Array.from({ length: 10 }, (_, i) => ({ ...key(`aws${i}`), n: i }));
    const counted = countCalls();

    const outcomes = await Promise.all([
      ...items.map((item) => settle(putConditionally(create(item)))),
      settle(putConditionally(create({ ...existing, v: 2 }))),
    ]);

    expect(counted.of('TransactWriteItems')).toHaveLength(0);
    expect(counted.of('PutItem')).toHaveLength(11);
    expect(counted.calls).toHaveLength(11);
    expect(outcomes.slice(0, 10)).toEqual(Array(10).fill('written'));
    expect(isConditionFailed(outcomes[10])).toBe(true);
    for (const item of items) expect(await stored(item)).toEqual(item);
    expect(await stored(existing)).toEqual(existing);
  });
});
