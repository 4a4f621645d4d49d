import {
  DeleteCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type NativeAttributeValue,
  type PutCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import { conflict } from '../errors';
import { batchGetAll, batchPutAll } from './batch';
import { isExpired, table, tableName } from './client';
import { conditionally, failedConditions, isConditionFailed } from './conditional';
import { getItem } from './get-batcher';
import { assertItemFits } from './item-size';
import type { TableKey } from './keys';
import { putConditionally } from './put-batcher';

/** Attributes the table adds around an entity's own fields. */
const TABLE_NAMES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'type']);
export type IndexKeys = Partial<Record<'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk' | 'gsi3pk' | 'gsi3sk', string>>;

export const STALE_WRITE = 'This was changed by someone else a moment ago. Reload the page and try again.';

export interface EntityDefinition<S extends z.ZodObject> {
  /** Stored as `type` on every item: what an item is when a partition holds several kinds. */
  type: string;
  /** The item's own fields. Items are parsed with it on every read: a malformed item is a bug, not data. */
  schema: S;
  /** The key made of the item's fields; without it, each write names its key (`put(value, { key })`). */
  key?: (value: z.output<S>) => TableKey;
  indexes?: (value: z.output<S>) => IndexKeys;
  /**
   * Optimistic concurrency: the item carries `version`, every update checks the version it
   * read and adds one, so two writers cannot silently overwrite each other.
   */
  versioned?: boolean;
}

type Value<S extends z.ZodObject> = z.output<S>;

/**
 * A typed view of one kind of item in the single table: keys from one template, items parsed
 * on read, the 400 KB limit checked in bytes before a write, and versions where declared.
 * Why not ElectroDB: zod already is the schema of every entity and contract; ElectroDB would
 * need each one again in its own attribute language, and its key format would replace the
 * readable `COMPANY#7 / MEMBER#3` layout docs/data-model.md's access patterns document. This module
 * is the part of it this product needs, in about a hundred lines.
 */
export function defineEntity<S extends z.ZodObject>(def: EntityDefinition<S>) {
  const versionOf = (value: Value<S>) => (value as { version?: number }).version ?? 0;

  /**
   * The stored item: keys, index keys, type and fields. Checked against the size limit. `key`
   * and `indexes` are for items whose keys are not made of their fields (a token's hash, say).
   */
  function toItem(value: Value<S>, key?: TableKey, indexes?: IndexKeys): Record<string, unknown> {
    const itemKey = key ?? def.key?.(value);
    if (!itemKey) throw new Error(`A ${def.type} item is written with its key: put(value, { key })`);
    const item = { ...itemKey, ...def.indexes?.(value), ...indexes, type: def.type, ...value };
    assertItemFits(item);
    return item;
  }

  /** The entity from a stored item, or undefined once its TTL has passed. */
  function fromItem(item: Record<string, unknown> | undefined): Value<S> | undefined {
    if (!item || isExpired(item)) return undefined;
    const fields = Object.fromEntries(Object.entries(item).filter(([name]) => !TABLE_NAMES.has(name)));
    return def.schema.parse(fields);
  }

  /** The UpdateItem of a patch: SET, if_not_exists, ADD and REMOVE clauses, and its condition. */
  function patchInput(key: TableKey, spec: Patch<Value<S>>) {
    const names: Record<string, string> = { '#type': 'type' };
    const values: Record<string, unknown> = { ':type': def.type };
    const sets = ['#type = :type'];
    const adds: string[] = [];
    let n = 0;
    const name = (field: string) => {
      const placeholder = `#p${n++}`;
      names[placeholder] = field;
      return placeholder;
    };
    const value = (v: unknown) => {
      const placeholder = `:p${n++}`;
      values[placeholder] = v;
      return placeholder;
    };
    for (const [field, v] of Object.entries({ ...spec.indexes, ...stripUndefined(spec.set ?? {}) }))
      sets.push(`${name(field)} = ${value(v)}`);
    for (const [field, v] of Object.entries(stripUndefined(spec.setIfAbsent ?? {}))) {
      const f = name(field);
      sets.push(`${f} = if_not_exists(${f}, ${value(v)})`);
    }
    for (const [field, v] of Object.entries(stripUndefined(spec.add ?? {}))) adds.push(`${name(field)} ${value(v)}`);
    const deletes = Object.entries(stripUndefined(spec.delete ?? {})).map(([field, v]) => `${name(field)} ${value(v)}`);
    const removes = (spec.remove ?? []).map((field) => name(String(field)));
    const expression = [
      `SET ${sets.join(', ')}`,
      adds.length ? `ADD ${adds.join(', ')}` : '',
      deletes.length ? `DELETE ${deletes.join(', ')}` : '',
      removes.length ? `REMOVE ${removes.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const conditions = [
      ...(spec.ifExists ? ['attribute_exists(pk)'] : []),
      ...(spec.when ? [`(${spec.when.expression})`] : []),
    ];
    Object.assign(names, spec.when?.names);
    Object.assign(values, spec.when?.values);
    return {
      TableName: tableName(),
      Key: key,
      UpdateExpression: expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values as Record<string, NativeAttributeValue>,
      ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
    };
  }

  return {
    type: def.type,
    schema: def.schema,
    key: def.key,
    toItem,
    fromItem,

    async get(key: TableKey, options: { consistent?: boolean } = {}): Promise<Value<S> | undefined> {
      return fromItem(await getItem(key, options));
    },

    async batchGet(keyList: TableKey[]): Promise<Value<S>[]> {
      const items = await batchGetAll<Record<string, unknown>>(keyList);
      return items.map(fromItem).filter((v): v is Value<S> => v !== undefined);
    },

    /**
     * Writes the whole item; `ifAbsent` refuses to replace an existing one, `when` writes only
     * if the item is absent or its stored fields meet the condition (a lease taken over),
     * `onlyIf` only while the stored item meets the condition (a version read: never creates).
     * Answers false when refused. `key` and `indexes` are for items keyed outside their fields.
     * `grouped`: a conditional put of a hot path, which the embedded runtime may send in one
     * transaction with others of the same turn (put-batcher.ts); refused exactly as alone.
     */
    async put(value: Value<S>, options: PutOptions = {}): Promise<boolean> {
      const input = { TableName: tableName(), Item: toItem(def.schema.parse(value), options.key, options.indexes) };
      const condition = putCondition(options);
      if (options.grouped && condition.ConditionExpression)
        return conditionally(() => putConditionally({ ...input, ...condition }));
      return conditionally(() => table().send(new PutCommand({ ...input, ...condition })));
    },

    /** Deletes the item only while its stored fields meet the condition (a lease given back by its holder). */
    async deleteWhen(key: TableKey, when: PutCondition): Promise<boolean> {
      return conditionally(() =>
        table().send(new DeleteCommand({ TableName: tableName(), Key: key, ...conditionOf(when) })),
      );
    },

    /** Writes several whole new items in batch writes of 25: no conditions, so only for fresh keys. */
    async putAll(values: Value<S>[]): Promise<void> {
      await batchPutAll(values.map((value) => toItem(def.schema.parse(value))));
    },

    /**
     * Changes some fields of an existing item: read, merge, parse, check the size, then write
     * the changed fields on condition that the version is still the one read (or the one the
     * caller saw, when given). Without a caller's version a lost race is retried, so
     * "only the fields sent change" holds under concurrency; with one, it is a 409.
     * Answers undefined when the item does not exist.
     */
    async update(
      key: TableKey,
      fields: Partial<Value<S>>,
      options: { expectedVersion?: number } = {},
    ): Promise<Value<S> | undefined> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await this.get(key, { consistent: true });
        if (!current) return undefined;
        if (options.expectedVersion !== undefined && versionOf(current) !== options.expectedVersion)
          throw conflict(STALE_WRITE);
        const next = def.schema.parse({
          ...current,
          ...stripUndefined(fields),
          ...(def.versioned ? { version: versionOf(current) + 1 } : {}),
        });
        toItem(next);
        const changed = Object.entries(next as Record<string, unknown>).filter(
          ([name, value]) => JSON.stringify(value) !== JSON.stringify((current as Record<string, unknown>)[name]),
        );
        if (!changed.length) return current;
        const names: Record<string, string> = {};
        const values: Record<string, unknown> = {};
        const sets = changed.map(([name, value], i) => {
          names[`#f${i}`] = name;
          values[`:v${i}`] = value;
          return `#f${i} = :v${i}`;
        });
        let condition = 'attribute_exists(pk)';
        if (def.versioned) {
          names['#version'] = 'version';
          values[':read'] = versionOf(current);
          condition += ' AND #version = :read';
        }
        try {
          await table().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: key,
              UpdateExpression: `SET ${sets.join(', ')}`,
              ConditionExpression: condition,
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            }),
          );
          return next;
        } catch (error) {
          if (!isConditionFailed(error)) throw error;
          if (options.expectedVersion !== undefined || !def.versioned) {
            if (!def.versioned) return undefined;
            throw conflict(STALE_WRITE);
          }
        }
      }
      throw conflict(STALE_WRITE);
    },

    /** Deletes the item; with `ifExists`, answers whether there was one to delete. */
    async delete(key: TableKey, options: { ifExists?: boolean } = {}): Promise<boolean> {
      return conditionally(() =>
        table().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: key,
            ...(options.ifExists ? { ConditionExpression: 'attribute_exists(pk)' } : {}),
          }),
        ),
      );
    },

    /** Every item of this type in one partition, optionally under a sort-key prefix, all pages. */
    async queryPartition(pk: string, skPrefix?: string): Promise<Value<S>[]> {
      const items = await queryAll({
        KeyConditionExpression: skPrefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk, ...(skPrefix ? { ':prefix': skPrefix } : {}) },
      });
      return items
        .filter((i) => i.type === def.type)
        .map(fromItem)
        .filter((v): v is Value<S> => v !== undefined);
    },

    /**
     * Changes fields in place with one UpdateItem, for what a read-merge-write cannot do
     * atomically: counters (`add`), a field kept when present (`setIfAbsent`), fields dropped
     * (`remove`), a condition on the stored fields (`when`). Without `ifExists` it creates the
     * item (with its `type`) when absent. Answers the item as now stored, parsed, or undefined
     * when the condition failed. The fields written must leave a whole, valid item.
     */
    async patch(key: TableKey, spec: Patch<Value<S>>): Promise<Value<S> | undefined> {
      let out: { Attributes?: Record<string, unknown> } | undefined;
      const written = await conditionally(async () => {
        out = await table().send(new UpdateCommand({ ...patchInput(key, spec), ReturnValues: 'ALL_NEW' }));
      });
      return written ? fromItem(out?.Attributes) : undefined;
    },

    /**
     * The same UpdateItem as `patch`, answering only whether it was written (false: the
     * condition failed): for a write whose caller needs nothing back, so no item comes back.
     */
    async change(key: TableKey, spec: Patch<Value<S>>): Promise<boolean> {
      return conditionally(() => table().send(new UpdateCommand(patchInput(key, spec))));
    },

    /**
     * Deletes the item and answers it as it was, parsed (a single-use token consumed as it is
     * read), or undefined when there was none, it had expired, or `when` did not hold.
     */
    async take(key: TableKey, options: { when?: PutCondition } = {}): Promise<Value<S> | undefined> {
      let out: { Attributes?: Record<string, unknown> } | undefined;
      const deleted = await conditionally(async () => {
        out = await table().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: key,
            ReturnValues: 'ALL_OLD',
            ...conditionOf(options.when),
          }),
        );
      });
      return deleted ? fromItem(out?.Attributes) : undefined;
    },

    /**
     * Items of this type under one partition of the table or an index, parsed: every page, or
     * the first `limit` matching the key condition (newest first with `descending`).
     */
    async query(q: EntityQuery): Promise<Value<S>[]> {
      return (await queryTyped(q)).map(fromItem).filter((v): v is Value<S> => v !== undefined);
    },

    /**
     * `query`, answering each item with its keys: for an entity whose key holds what its
     * fields do not (a session's token hash, on its index key).
     */
    async queryWithKeys(q: EntityQuery): Promise<{ value: Value<S>; keys: TableKey & IndexKeys }[]> {
      return (await queryTyped(q)).flatMap((item) => {
        const value = fromItem(item);
        if (value === undefined) return [];
        const keys = Object.fromEntries(
          Object.entries(item).filter(([name]) => TABLE_NAMES.has(name) && name !== 'type'),
        );
        return [{ value, keys: keys as TableKey & IndexKeys }];
      });
    },

    /** The writes of this entity as parts of a transaction (`transact`): all happen, or none. */
    tx: {
      put: (value: Value<S>, options: Omit<PutOptions, 'grouped'> = {}): TransactionItem => ({
        Put: {
          TableName: tableName(),
          Item: toItem(def.schema.parse(value), options.key, options.indexes),
          ...putCondition(options),
        },
      }),
      patch: (key: TableKey, spec: Patch<Value<S>>): TransactionItem => ({ Update: patchInput(key, spec) }),
      delete: (key: TableKey, options: { when?: PutCondition; ifExists?: boolean } = {}): TransactionItem => ({
        Delete: {
          TableName: tableName(),
          Key: key,
          ...(options.when
            ? conditionOf(options.when)
            : options.ifExists
              ? { ConditionExpression: 'attribute_exists(pk)' }
              : {}),
        },
      }),
      /** Writes nothing; the transaction happens only while this item meets the condition. */
      check: (key: TableKey, when: PutCondition): TransactionItem => ({
        ConditionCheck: {
          TableName: tableName(),
          Key: key,
          ...conditionOf(when),
          ConditionExpression: when.expression,
        },
      }),
    },

    /** Items of this type on a secondary index partition, optionally under a sort-key prefix. */
    async queryIndex(indexName: 'GSI1' | 'GSI2', partitionValue: string, skPrefix?: string): Promise<Value<S>[]> {
      const p = indexName === 'GSI1' ? 'gsi1' : 'gsi2';
      const items = await queryAll({
        IndexName: indexName,
        KeyConditionExpression: skPrefix ? `${p}pk = :pk AND begins_with(${p}sk, :prefix)` : `${p}pk = :pk`,
        ExpressionAttributeValues: { ':pk': partitionValue, ...(skPrefix ? { ':prefix': skPrefix } : {}) },
      });
      return items
        .filter((i) => i.type === def.type)
        .map(fromItem)
        .filter((v): v is Value<S> => v !== undefined);
    },
  };

  /** The stored items of this type a query finds (raw: keys and all). */
  async function queryTyped(q: EntityQuery): Promise<Record<string, unknown>[]> {
    const p = q.index ? q.index.toLowerCase() : '';
    // DynamoDB refuses a name the expressions do not use: `#sk` only with a sort-key condition.
    const names: Record<string, string> = { '#pk': `${p}pk`, ...(q.sk ? { '#sk': `${p}sk` } : {}) };
    const values: Record<string, unknown> = { ':pk': q.pk };
    let condition = '#pk = :pk';
    const sk = q.sk;
    if (sk && 'beginsWith' in sk) {
      condition += ' AND begins_with(#sk, :sk)';
      values[':sk'] = sk.beginsWith;
    } else if (sk && 'between' in sk) {
      condition += ' AND #sk BETWEEN :from AND :to';
      values[':from'] = sk.between[0];
      values[':to'] = sk.between[1];
    } else if (sk && 'atMost' in sk) {
      condition += ' AND #sk <= :sk';
      values[':sk'] = sk.atMost;
    } else if (sk && 'equals' in sk) {
      condition += ' AND #sk = :sk';
      values[':sk'] = sk.equals;
    }
    const input: QueryInput = {
      ...(q.index ? { IndexName: q.index } : {}),
      KeyConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...(q.descending ? { ScanIndexForward: false } : {}),
      ...(q.consistent ? { ConsistentRead: true } : {}),
    };
    if (q.filter) {
      input.FilterExpression = q.filter.expression;
      Object.assign(names, q.filter.names);
      Object.assign(values, q.filter.values);
    }
    const items =
      q.limit === undefined
        ? await queryAll(input)
        : ((await table().send(new QueryCommand({ ...input, TableName: tableName(), Limit: q.limit }))).Items ?? []);
    return items.filter((i) => i.type === def.type);
  }
}

/** A condition on an item's stored fields, in DynamoDB's expression language with its placeholders. */
export interface PutCondition {
  expression: string;
  names?: Record<string, string>;
  /** Left out when the expression has none (`attribute_not_exists(usedBy)`). */
  values?: Record<string, unknown>;
}

/** How a whole-item write (`put`, `tx.put`) is keyed and conditioned. */
export interface PutOptions {
  /** Refuses to replace an existing item. */
  ifAbsent?: boolean;
  /** Writes when the item is absent or its stored fields meet the condition (a lease taken over). */
  when?: PutCondition;
  /** Writes only while the stored item meets the condition, exactly (a version read); never creates. */
  onlyIf?: PutCondition;
  /** The key, for items whose key is not made of their fields. */
  key?: TableKey;
  /** Index keys beyond the entity's own, for items whose index keys are not made of their fields. */
  indexes?: IndexKeys;
  /** A conditional put the embedded runtime may group with others of the same turn (put-batcher.ts). */
  grouped?: boolean;
}

/** The condition of a whole-item write. */
function putCondition(options: PutOptions): Condition {
  if (options.onlyIf) return conditionOf(options.onlyIf);
  if (options.when)
    return conditionOf({ ...options.when, expression: `attribute_not_exists(pk) OR (${options.when.expression})` });
  return options.ifAbsent ? { ConditionExpression: 'attribute_not_exists(pk)' } : {};
}

/**
 * A change made in place (`patch`): fields set, set only when absent, added to (counters, and
 * numbers that must not lose a concurrent increment), removed; `indexes` sets index keys.
 */
export interface Patch<V> {
  set?: Partial<V>;
  setIfAbsent?: Partial<V>;
  /** Numbers added to (counters), or members added to a set (a DynamoDB number or string set). */
  add?: Partial<Record<keyof V, number | Set<number> | Set<string>>>;
  /** Members taken out of a set; DynamoDB drops the attribute when the set is left empty. */
  delete?: Partial<Record<keyof V, Set<number> | Set<string>>>;
  remove?: (keyof V)[];
  indexes?: IndexKeys;
  /** Only while the stored item meets this condition (placeholders must not start with `#p`/`:p`). */
  when?: PutCondition;
  /** Only when the item exists: never creates one. */
  ifExists?: boolean;
}

/** The key condition of a query: the partition, and optionally a sort-key range. */
export interface EntityQuery {
  /** A secondary index (its `gsiNpk`/`gsiNsk`), or the table itself. */
  index?: 'GSI1' | 'GSI2' | 'GSI3';
  pk: string;
  sk?: { beginsWith: string } | { between: [string, string] } | { atMost: string } | { equals: string };
  /** One page of at most this many items; without it, every page. */
  limit?: number;
  /** Only the items whose fields meet this (a FilterExpression: placeholders other than `#pk`, `#sk`, `:pk`, `:sk`, `:from`, `:to`). */
  filter?: PutCondition;
  descending?: boolean;
  consistent?: boolean;
}

type TransactInput = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;
/** One write of a transaction, made by an entity's `tx` (so it is keyed, typed and checked like its other writes). */
export type TransactionItem = TransactInput[number];

/**
 * Writes up to 100 items all together or not at all. Answers `{ ok: true }`, or the positions
 * whose condition failed (nothing was written); any other failure is thrown.
 */
export async function transact(items: TransactionItem[]): Promise<{ ok: true } | { ok: false; failed: number[] }> {
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
    return { ok: true };
  } catch (error) {
    if (isConditionFailed(error)) return { ok: false, failed: failedConditions(error) };
    throw error;
  }
}

type Condition = Pick<
  PutCommandInput,
  'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
>;

function conditionOf(when: PutCondition | undefined): Condition {
  if (!when) return {};
  return {
    ConditionExpression: when.expression,
    ...(when.names ? { ExpressionAttributeNames: when.names } : {}),
    ...(when.values && Object.keys(when.values).length
      ? { ExpressionAttributeValues: when.values as Record<string, NativeAttributeValue> }
      : {}),
  };
}

type QueryInput = Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName' | 'ExclusiveStartKey'>;

/** A Query followed to its last page. */
export async function queryAll(input: QueryInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await table().send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

function stripUndefined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}
