import { batchDeleteAll } from '../table/batch';
import { queryAll } from '../table/entity';
import { companyCollection, partition } from '../table/keys';
import { scheduler } from '../scheduler/scheduler-port';
import { companyObjectPrefix, countObjectsUnder, deleteObjectsUnder } from '../storage/company-objects';

/**
 * One kind of data a company owns, as the company cascade sees it: how to remove all of it,
 * how to tell whether any is left, and how to make one piece of it. `example` exists so the
 * cascade test covers every registration without being told about new ones.
 */
export interface CompanyData {
  name: string;
  /** Kept by the demo reset: the demo's people stay, its "company data, plans and posts" go. */
  keptByDemoReset: boolean;
  remove: (companyId: number) => Promise<void>;
  remaining: (companyId: number) => Promise<number>;
  example: (companyId: number) => Promise<void>;
}

type ItemKey = { pk: string; sk: string };
const keyOf = (item: Record<string, unknown>): ItemKey => ({ pk: String(item.pk), sk: String(item.sk) });

type QueriedDef = { name: string; keptByDemoReset?: boolean; example: (companyId: number) => Promise<void> };

/** Table items a query finds for the company: deleted in batches by key, counted by the same query. */
function queriedData(def: QueriedDef, items: (companyId: number) => Promise<Record<string, unknown>[]>): CompanyData {
  return {
    name: def.name,
    keptByDemoReset: def.keptByDemoReset ?? false,
    remove: async (companyId) => batchDeleteAll((await items(companyId)).map(keyOf)),
    remaining: async (companyId) => (await items(companyId)).length,
    example: def.example,
  };
}

/** Items in the company's own partition (`COMPANY#<id>`) under one sort-key prefix. */
export function partitionData(def: QueriedDef & { skPrefix: string }): CompanyData {
  const items = (companyId: number) =>
    queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': partition.company(companyId), ':prefix': def.skPrefix },
      ProjectionExpression: 'pk, sk',
    });
  return queriedData(def, items);
}

/** Items elsewhere in the table, listed on GSI2 as the company's collection of `kind`. */
export function collectionData(def: QueriedDef & { kind: string }): CompanyData {
  const items = (companyId: number) =>
    queryAll({
      IndexName: 'GSI2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': companyCollection(companyId, def.kind) },
      ProjectionExpression: 'pk, sk',
    });
  return queriedData(def, items);
}

/** Every object under the company's prefix in the media bucket. */
export function objectData(def: { name: string; example: (companyId: number) => Promise<void> }): CompanyData {
  return {
    name: def.name,
    keptByDemoReset: false,
    remove: async (companyId) => {
      await deleteObjectsUnder(companyObjectPrefix(companyId));
    },
    remaining: (companyId) => countObjectsUnder(companyObjectPrefix(companyId)),
    example: def.example,
  };
}

/** Every one-time schedule named with the company's prefix. */
export function scheduleData(def: {
  name: string;
  prefix: (companyId: number) => string;
  example: (companyId: number) => Promise<void>;
}): CompanyData {
  const names = (companyId: number) => scheduler().namesWithPrefix(def.prefix(companyId));
  return {
    name: def.name,
    keptByDemoReset: false,
    remove: async (companyId) => {
      for (const name of await names(companyId)) await scheduler().remove(name);
    },
    remaining: async (companyId) => (await names(companyId)).length,
    example: def.example,
  };
}
