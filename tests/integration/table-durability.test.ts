import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchGetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { table } from '../../functions/core/table/client';
import { ensureTable, startDynamoOnFreePort, type LocalDynamo } from '../../infra/local/dynamodb';

/**
 * What the app's table client reports written survives a kill -9 of DynamoDB Local, transactions
 * included (DynamoDB Local answers them before its commit has run: local-commit-barrier.ts).
 * Each round fires transactions of fresh items, kills the JVM the moment one is acknowledged
 * while others are in flight, restarts on the same files, and reads every acknowledged item.
 */
const ROUNDS = 6;
const TABLE = 'durability';
const dir = mkdtempSync(join(tmpdir(), 'mkt-table-durability-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function startOn(dataDir: string): Promise<LocalDynamo> {
  const dynamo = await startDynamoOnFreePort(dataDir);
  await ensureTable(dynamo.client, TABLE);
  Object.assign(process.env, { DYNAMODB_ENDPOINT: dynamo.endpoint, TABLE_NAME: TABLE, LOG_LEVEL: 'silent' });
  return dynamo;
}

async function missingOf(keys: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 100) {
    const out = await table().send(
      new BatchGetCommand({
        RequestItems: {
          [TABLE]: { Keys: keys.slice(i, i + 100).map((pk) => ({ pk, sk: 'ITEM' })), ConsistentRead: true },
        },
      }),
    );
    for (const item of out.Responses?.[TABLE] ?? []) found.add(item.pk as string);
  }
  return keys.filter((k) => !found.has(k));
}

describe('a kill -9 of DynamoDB Local', () => {
  it('loses no transaction the table client reported written', async () => {
    let dynamo = await startOn(dir);
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const acknowledged: string[] = [];
        const cut = { done: false };
        const writes = Array.from({ length: 40 }, (_, t) => {
          const keys = Array.from({ length: 4 }, (_, i) => `R${round}#T${t}#${i}`);
          return table()
            .send(
              new TransactWriteCommand({
                TransactItems: keys.map((pk) => ({
                  Put: { TableName: TABLE, Item: { pk, sk: 'ITEM' }, ConditionExpression: 'attribute_not_exists(pk)' },
                })),
              }),
            )
            .then(
              () => {
                if (cut.done) return;
                acknowledged.push(...keys);
                // The cut comes right after an acknowledgement, with later transactions in flight.
                if (acknowledged.length >= 4 * (3 + round)) {
                  cut.done = true;
                  process.kill(dynamo.pid, 'SIGKILL');
                }
              },
              () => undefined,
            );
        });
        await Promise.all(writes);
        if (!cut.done) process.kill(dynamo.pid, 'SIGKILL');
        await dynamo.stop();
        dynamo.client.destroy();
        dynamo = await startOn(dir);
        expect(acknowledged.length).toBeGreaterThan(0);
        expect(await missingOf(acknowledged), `round ${round}`).toEqual([]);
      }
    } finally {
      await dynamo.stop();
      dynamo.client.destroy();
    }
  }, 300_000);
});
