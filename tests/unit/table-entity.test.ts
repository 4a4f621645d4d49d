import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

/** The entity layer's in-place writes, queries and transactions, against a recording client. */
const sent: { name: string; input: Record<string, unknown> }[] = [];
let answer: (name: string, input: Record<string, unknown>) => unknown = () => ({});

vi.mock('../../functions/core/table/client', () => ({
  table: () => ({
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      sent.push({ name: command.constructor.name, input: command.input });
      return answer(command.constructor.name, command.input);
    },
  }),
  tableName: () => 'T',
  isExpired: (item: { ttl?: number } | undefined) => typeof item?.ttl === 'number' && item.ttl <= Date.now() / 1000,
  ttlIn: (s: number) => Math.floor(Date.now() / 1000) + s,
}));

const { defineEntity, transact } = await import('../../functions/core/table/entity');

const counters = defineEntity({
  type: 'thing',
  schema: z.object({ id: z.number(), count: z.number(), note: z.string().optional(), ttl: z.number().optional() }),
  key: (t) => ({ pk: `THING#${t.id}`, sk: 'THING' }),
});
const key = { pk: 'THING#1', sk: 'THING' };
const conditionFailed = Object.assign(new Error('failed'), { name: 'ConditionalCheckFailedException' });

beforeEach(() => {
  sent.length = 0;
  answer = () => ({});
});

describe('entity.patch', () => {
  it('sets, adds, keeps and removes in one UpdateItem, with the type and the condition, and parses ALL_NEW', async () => {
    answer = () => ({ Attributes: { ...key, type: 'thing', id: 1, count: 3 } });
    const value = await counters.patch(key, {
      set: { id: 1 },
      add: { count: 2 },
      setIfAbsent: { note: 'n' },
      remove: ['ttl'],
      when: { expression: 'attribute_not_exists(#c) OR #c < :max', names: { '#c': 'count' }, values: { ':max': 9 } },
      ifExists: true,
    });
    expect(value).toEqual({ id: 1, count: 3 });
    const input = sent[0]!.input;
    expect(sent[0]!.name).toBe('UpdateCommand');
    expect(input.UpdateExpression).toBe(
      'SET #type = :type, #p0 = :p1, #p2 = if_not_exists(#p2, :p3) ADD #p4 :p5 REMOVE #p6',
    );
    expect(input.ExpressionAttributeNames).toEqual({
      '#type': 'type',
      '#p0': 'id',
      '#p2': 'note',
      '#p4': 'count',
      '#p6': 'ttl',
      '#c': 'count',
    });
    expect(input.ExpressionAttributeValues).toEqual({ ':type': 'thing', ':p1': 1, ':p3': 'n', ':p5': 2, ':max': 9 });
    expect(input.ConditionExpression).toBe('attribute_exists(pk) AND (attribute_not_exists(#c) OR #c < :max)');
    expect(input.ReturnValues).toBe('ALL_NEW');
  });

  it('answers undefined when the condition fails, and throws a malformed item', async () => {
    answer = () => {
      throw conditionFailed;
    };
    expect(await counters.patch(key, { add: { count: 1 }, ifExists: true })).toBeUndefined();
    answer = () => ({ Attributes: { ...key, type: 'thing', id: 'one' } });
    await expect(counters.patch(key, { add: { count: 1 } })).rejects.toThrow();
  });
});

describe('entity.take', () => {
  it('deletes and answers the old item, parsed; an expired one reads as absent', async () => {
    answer = () => ({ Attributes: { ...key, type: 'thing', id: 1, count: 1 } });
    expect(await counters.take(key)).toEqual({ id: 1, count: 1 });
    expect(sent[0]!.input).toMatchObject({ Key: key, ReturnValues: 'ALL_OLD' });
    answer = () => ({ Attributes: { ...key, type: 'thing', id: 1, count: 1, ttl: 1 } });
    expect(await counters.take(key)).toBeUndefined();
  });
});

describe('entity.query', () => {
  it('an index range, newest first, one page of a limit; other types and expired items left out', async () => {
    answer = () => ({
      Items: [
        { ...key, type: 'thing', id: 1, count: 1 },
        { ...key, type: 'other', id: 2 },
        { ...key, type: 'thing', id: 3, count: 1, ttl: 1 },
      ],
      LastEvaluatedKey: { pk: 'x' },
    });
    const found = await counters.query({ index: 'GSI3', pk: 'P', sk: { atMost: 'Z' }, limit: 3, descending: true });
    expect(found).toEqual([{ id: 1, count: 1 }]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.input).toMatchObject({
      IndexName: 'GSI3',
      KeyConditionExpression: '#pk = :pk AND #sk <= :sk',
      ExpressionAttributeNames: { '#pk': 'gsi3pk', '#sk': 'gsi3sk' },
      ExpressionAttributeValues: { ':pk': 'P', ':sk': 'Z' },
      ScanIndexForward: false,
      Limit: 3,
    });
  });

  it('without a limit, follows every page', async () => {
    let page = 0;
    answer = () =>
      page++ === 0
        ? { Items: [{ ...key, type: 'thing', id: 1, count: 1 }], LastEvaluatedKey: key }
        : { Items: [{ ...key, type: 'thing', id: 2, count: 1 }] };
    expect((await counters.query({ pk: 'P', sk: { beginsWith: 'T' } })).map((t) => t.id)).toEqual([1, 2]);
    expect(sent).toHaveLength(2);
  });
});

describe('transact', () => {
  it('sends the entities’ writes as one transaction, and answers which conditions failed', async () => {
    const items = [
      counters.tx.put({ id: 1, count: 0 }, { ifAbsent: true }),
      counters.tx.patch(key, { add: { count: 1 }, ifExists: true }),
      counters.tx.delete(key, { ifExists: true }),
      counters.tx.check(key, { expression: '#c > :n', names: { '#c': 'count' }, values: { ':n': 1 } }),
    ];
    expect(await transact(items)).toEqual({ ok: true });
    expect(sent[0]!.name).toBe('TransactWriteCommand');
    expect(items[0]).toEqual({
      Put: {
        TableName: 'T',
        Item: { ...key, type: 'thing', id: 1, count: 0 },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    answer = () => {
      throw Object.assign(new Error('cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
      });
    };
    expect(await transact(items)).toEqual({ ok: false, failed: [1] });
  });

  it('refuses a write whose item is malformed before sending anything', () => {
    expect(() => counters.tx.put({ id: 1 } as never)).toThrow();
    expect(sent).toHaveLength(0);
  });
});

describe('entity.put with its key', () => {
  it('writes an item whose key is not among its fields', async () => {
    const keyless = defineEntity({ type: 'k', schema: z.object({ n: z.number() }) });
    await keyless.put({ n: 1 }, { key: { pk: 'K#1', sk: 'K' } });
    expect(sent[0]!.input.Item).toEqual({ pk: 'K#1', sk: 'K', type: 'k', n: 1 });
    await expect(keyless.put({ n: 1 })).rejects.toThrow(/written with its key/);
  });
});

describe('entity.put conditions', () => {
  it('onlyIf is the condition exactly (never creates); when lets an absent item through; empty values are left out', async () => {
    await counters.put(
      { id: 1, count: 2 },
      { onlyIf: { expression: '#v = :read', names: { '#v': 'count' }, values: { ':read': 1 } } },
    );
    expect(sent[0]!.input).toMatchObject({
      ConditionExpression: '#v = :read',
      ExpressionAttributeNames: { '#v': 'count' },
      ExpressionAttributeValues: { ':read': 1 },
    });
    await counters.put({ id: 1, count: 2 }, { when: { expression: 'attribute_not_exists(note)' } });
    expect(sent[1]!.input.ConditionExpression).toBe('attribute_not_exists(pk) OR (attribute_not_exists(note))');
    expect(sent[1]!.input).not.toHaveProperty('ExpressionAttributeValues');
    await counters.deleteWhen(key, { expression: 'attribute_not_exists(note)', values: {} });
    expect(sent[2]!.input).not.toHaveProperty('ExpressionAttributeValues');
  });

  it('a grouped put goes through the put batcher and is refused like any put', async () => {
    answer = () => {
      throw conditionFailed;
    };
    expect(await counters.put({ id: 1, count: 1 }, { ifAbsent: true, grouped: true })).toBe(false);
    expect(sent[0]!.name).toBe('PutCommand');
  });

  it('writes index keys not made of the fields, and answers items with their keys', async () => {
    const keyless = defineEntity({ type: 'k', schema: z.object({ n: z.number() }) });
    await keyless.put({ n: 1 }, { key: { pk: 'K#1', sk: 'K' }, indexes: { gsi1pk: 'U#1', gsi1sk: 'K#1' } });
    expect(sent[0]!.input.Item).toEqual({ pk: 'K#1', sk: 'K', gsi1pk: 'U#1', gsi1sk: 'K#1', type: 'k', n: 1 });
    answer = () => ({ Items: [{ pk: 'K#1', sk: 'K', gsi1pk: 'U#1', gsi1sk: 'K#1', type: 'k', n: 1 }] });
    expect(await keyless.queryWithKeys({ index: 'GSI1', pk: 'U#1' })).toEqual([
      { value: { n: 1 }, keys: { pk: 'K#1', sk: 'K', gsi1pk: 'U#1', gsi1sk: 'K#1' } },
    ]);
  });
});

describe('entity.patch on sets, and change', () => {
  it('adds to and deletes from a set; change answers only whether the condition held', async () => {
    const tagged = defineEntity({
      type: 'tagged',
      schema: z.object({ id: z.number(), tags: z.set(z.number()).optional() }),
      key: (t) => ({ pk: `T#${t.id}`, sk: 'T' }),
    });
    expect(
      await tagged.change(key, { add: { tags: new Set([1]) }, delete: { tags: new Set([2]) }, ifExists: true }),
    ).toBe(true);
    expect(sent[0]!.input.UpdateExpression).toBe('SET #type = :type ADD #p0 :p1 DELETE #p2 :p3');
    expect(sent[0]!.input).not.toHaveProperty('ReturnValues');
    answer = () => {
      throw conditionFailed;
    };
    expect(await tagged.change(key, { delete: { tags: new Set([2]) }, ifExists: true })).toBe(false);
  });
});

describe('entity.query without a sort-key condition, with a filter', () => {
  it('names only the attributes its expressions use', async () => {
    answer = () => ({ Items: [] });
    await counters.query({
      pk: 'P',
      descending: true,
      filter: { expression: '#n = :n', names: { '#n': 'note' }, values: { ':n': 'x' } },
    });
    expect(sent[0]!.input).toMatchObject({
      KeyConditionExpression: '#pk = :pk',
      FilterExpression: '#n = :n',
      ExpressionAttributeNames: { '#pk': 'pk', '#n': 'note' },
      ExpressionAttributeValues: { ':pk': 'P', ':n': 'x' },
    });
    expect(sent[0]!.input.ExpressionAttributeNames).not.toHaveProperty('#sk');
  });
});
