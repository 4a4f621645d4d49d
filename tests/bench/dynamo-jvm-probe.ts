/**
 * What DynamoDB Local's JVM flags cost in Java CPU: the runtime's flags (infra/local/dynamodb.ts
 * DYNAMO_JVM_FLAGS) against the JVM's defaults, over its start and three rounds of the calls an
 * upload makes (put, consistent get, conditional update; 8 in flight). Run alone:
 *   npx tsx tests/bench/dynamo-jvm-probe.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DYNAMO_JVM_FLAGS, ensureTable, startDynamo } from '../../infra/local/dynamodb';
import { freePort } from '../../infra/local/free-port';
import { treeCpuMsByCommand } from './process-cpu';

const CALLS_PER_ROUND = 300;
const TABLE = 'probe';
const javaCpuMs = () => treeCpuMsByCommand(process.pid).java ?? 0;

async function measure(flags: readonly string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'jvm-probe-'));
  const before = javaCpuMs();
  const dynamo = await startDynamo(dir, await freePort(), flags);
  const row: Record<string, string | number> = {
    flags: flags.join(' ') || '(JVM defaults)',
    'start CPU ms': Math.round(javaCpuMs() - before),
  };
  try {
    await ensureTable(dynamo.client, TABLE);
    const doc = DynamoDBDocumentClient.from(dynamo.client);
    for (const round of [1, 2, 3]) {
      const cpu = javaCpuMs();
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < CALLS_PER_ROUND) {
            const Key = { pk: `M#${round}#${next++}`, sk: 'ITEM' };
            await doc.send(
              new PutCommand({ TableName: TABLE, Item: { ...Key, body: 'x'.repeat(400), state: 'pending' } }),
            );
            await doc.send(new GetCommand({ TableName: TABLE, Key, ConsistentRead: true }));
            await doc.send(
              new UpdateCommand({
                TableName: TABLE,
                Key,
                UpdateExpression: 'SET #s = :ready',
                ConditionExpression: '#s = :pending',
                ExpressionAttributeNames: { '#s': 'state' },
                ExpressionAttributeValues: { ':ready': 'ready', ':pending': 'pending' },
              }),
            );
          }
        }),
      );
      row[`round ${round} ms/call`] = Number(((javaCpuMs() - cpu) / (3 * CALLS_PER_ROUND)).toFixed(2));
    }
  } finally {
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return row;
}

console.table([await measure([]), await measure(DYNAMO_JVM_FLAGS)]);
