import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import { conflict } from '../errors';
import { batchGetAll, batchPutAll } from './batch';
import { isExpired, table, tableName } from './client';
import { conditionally, isConditionFailed } from './conditional';
import { getItem } from './get-batcher';
import { assertItemFits } from './item-size';
import type { TableKey } from './keys';

/** Attributes the table adds around an entity's own fields. */
const TABLE_NAMES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'type']);
type IndexKeys = Partial<Record<'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk' | 'gsi3pk' | 'gsi3sk', string>>;

export const STALE_WRITE = 'This was changed by someone else a moment ago. Reload the page and try again.';

export interface EntityDefinition<S extends z.ZodObject> {
  /** Stored as `type` on every item: what an item is when a partition holds several kinds. */
  type: string;
  /** The item's own fields. Items are parsed with it on every read: a malformed item is a bug, not data. */
  schema: S;
  key: (value: z.output<S>) => TableKey;
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

  /** The stored item: keys, index keys, type and fields. Checked against the size limit. */
  function toItem(value: Value<S>): Record<string, unknown> {
    const item = { ...def.key(value), ...def.indexes?.(value), type: def.type, ...value };
    assertItemFits(item);
    return item;
  }

  /** The entity from a stored item, or undefined once its TTL has passed. */
  function fromItem(item: Record<string, unknown> | undefined): Value<S> | undefined {
    if (!item || isExpired(item)) return undefined;
    const fields = Object.fromEntries(Object.entries(item).filter(([name]) => !TABLE_NAMES.has(name)));
    return def.schema.parse(fields);
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
     * if the item is absent or its stored fields meet the condition (a lease taken over).
     * Answers false when refused.
     */
    async put(value: Value<S>, options: { ifAbsent?: boolean; when?: PutCondition } = {}): Promise<boolean> {
      const item = toItem(def.schema.parse(value));
      const condition = options.when
        ? {
            ConditionExpression: `attribute_not_exists(pk) OR (${options.when.expression})`,
            ...(options.when.names ? { ExpressionAttributeNames: options.when.names } : {}),
            ExpressionAttributeValues: options.when.values,
          }
        : options.ifAbsent
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {};
      return conditionally(() => table().send(new PutCommand({ TableName: tableName(), Item: item, ...condition })));
    },

    /** Deletes the item only while its stored fields meet the condition (a lease given back by its holder). */
    async deleteWhen(key: TableKey, when: PutCondition): Promise<boolean> {
      return conditionally(() =>
        table().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: key,
            ConditionExpression: when.expression,
            ...(when.names ? { ExpressionAttributeNames: when.names } : {}),
            ExpressionAttributeValues: when.values,
          }),
        ),
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
}

export type Entity<S extends z.ZodObject> = ReturnType<typeof defineEntity<S>>;

/** A condition on an item's stored fields, in DynamoDB's expression language with its placeholders. */
export interface PutCondition {
  expression: string;
  names?: Record<string, string>;
  values: Record<string, unknown>;
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
