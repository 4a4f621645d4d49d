/**
 * What DynamoDB Local charges per item for single and grouped calls, in CPU milliseconds of
 * this process (the SDK) and of Java (DynamoDB Local): the numbers behind the table layer's
 * read batching (functions/core/table/get-batcher.ts), the grouped post writes
 * (put-batcher.ts) and the scheduler's grouped claims. Run alone:
 *   npx tsx tests/bench/ddb-batch-probe.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { ensureTable, startDynamo } from '../../infra/local/dynamodb';
import { freePort } from '../../infra/local/free-port';
import { treeCpuMsByCommand } from './process-cpu';

const N = 3000;
const TABLE = 'probe';
const dir = mkdtempSync(join(tmpdir(), 'ddb-probe-'));
const dynamo = await startDynamo(dir, await freePort());
const doc = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: 'us-east-1',
    endpoint: dynamo.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);
await ensureTable(dynamo.client, TABLE);

/** An item like a post: a few hundred bytes, both index keys. */
const item = (prefix: string, i: number, version: number) => ({
  pk: `${prefix}#${i}`,
  sk: 'ITEM',
  body: 'x'.repeat(600),
  version,
  gsi1pk: `C#1#POST#${version ? 'published' : 'scheduled'}`,
  gsi1sk: `2026-11-23#${i}`,
  gsi2pk: 'C#1#POST',
  gsi2sk: `2026-11-23#${i}`,
});

/** Runs `run(i)` for i in 0..count with `workers` in flight. */
async function pool(count: number, workers: number, run: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) await run(next++);
    }),
  );
}

const rows: Record<string, string | number>[] = [];
async function measure(what: string, fn: () => Promise<void>) {
  const before = treeCpuMsByCommand(process.pid);
  const started = performance.now();
  await fn();
  const after = treeCpuMsByCommand(process.pid);
  const perItem = (name: string) => Number((((after[name] ?? 0) - (before[name] ?? 0)) / N).toFixed(2));
  rows.push({
    what,
    'items/s': Math.round(N / ((performance.now() - started) / 1000)),
    'node ms/item': perItem('node'),
    'java ms/item': perItem('java'),
  });
}

try {
  await pool(N, 32, (i) => doc.send(new PutCommand({ TableName: TABLE, Item: item('R', i, 0) })));
  await measure('GetItem, 32 in flight', () =>
    pool(N, 32, (i) =>
      doc.send(new GetCommand({ TableName: TABLE, Key: { pk: `R#${i}`, sk: 'ITEM' }, ConsistentRead: true })),
    ),
  );
  await measure('BatchGetItem of 50, 8 in flight', () =>
    pool(N / 50, 8, (b) =>
      doc.send(
        new BatchGetCommand({
          RequestItems: {
            [TABLE]: {
              Keys: Array.from({ length: 50 }, (_, k) => ({ pk: `R#${b * 50 + k}`, sk: 'ITEM' })),
              ConsistentRead: true,
            },
          },
        }),
      ),
    ),
  );
  const versioned = (prefix: string, i: number) => ({
    TableName: TABLE,
    Item: item(prefix, i, 1),
    ConditionExpression: 'attribute_not_exists(pk) OR version = :v',
    ExpressionAttributeValues: { ':v': 0 },
  });
  await measure('conditional PutItem, 32 in flight', () =>
    pool(N, 32, (i) => doc.send(new PutCommand(versioned('P', i)))),
  );
  await measure('conditional puts, TransactWriteItems of 25, 4 in flight', () =>
    pool(N / 25, 4, (b) =>
      doc.send(
        new TransactWriteCommand({
          TransactItems: Array.from({ length: 25 }, (_, k) => ({ Put: versioned('T', b * 25 + k) })),
        }),
      ),
    ),
  );
  await measure('conditional DeleteItem, 32 in flight', () =>
    pool(N, 32, (i) =>
      doc.send(
        new DeleteCommand({
          TableName: TABLE,
          Key: { pk: `P#${i}`, sk: 'ITEM' },
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': 1 },
        }),
      ),
    ),
  );
  console.table(rows);
} finally {
  await dynamo.stop();
  rmSync(dir, { recursive: true, force: true });
}
