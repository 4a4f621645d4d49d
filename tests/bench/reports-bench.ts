/**
 * The year report of a company with 4 platforms × 365 days (written to the table as the daily
 * collection writes them): GET /api/reports through the whole stack (HTTP, session and
 * membership, one Query per platform, every row parsed, the answer checked against its contract)
 * beside the raw Queries of the same items with the document client. Goal: p50 at most 2x.
 */
import { addDays } from '../../shared/report-periods';
import type { RuntimeProcess } from '../support/runtime';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { signedInCookie } from './bench-account';
import { benchDocumentClient, queryAllPages } from './raw-query';
import { timeLoop } from './timing';

const PLATFORMS = ['facebook', 'instagram', 'threads', 'linkedin'] as const;

export async function runReportsBench(runtime: RuntimeProcess) {
  Object.assign(process.env, {
    RUNTIME: 'local',
    TABLE_NAME: runtime.tableName,
    DYNAMODB_ENDPOINT: runtime.dynamoEndpoint,
    LOG_LEVEL: 'silent',
  });
  const { metricDays } = await import('../../functions/core/reports/metric-entity');
  const { cookie, companyId } = await signedInCookie(runtime.url, 'reports');
  const doc = benchDocumentClient(runtime.dynamoEndpoint);
  // A year of figures on four platforms, written straight to the table as the collection writes them.
  const yesterday = addDays(new Date().toISOString().slice(0, 10), -1);
  const items = PLATFORMS.flatMap((platform) =>
    Array.from({ length: 365 }, (_, n) =>
      metricDays.toItem({
        companyId,
        platform,
        date: addDays(yesterday, -n),
        followers: n % 7,
        likes: 20 + (n % 13),
        comments: n % 5,
        shares: n % 3,
        totalFollowers: 1000 + n,
        collectedAt: new Date().toISOString(),
      }),
    ),
  );
  for (let i = 0; i < items.length; i += 25) {
    await doc.send(
      new BatchWriteCommand({
        RequestItems: { [runtime.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }

  const to = addDays(new Date().toISOString().slice(0, 10), -1);
  const from = addDays(to, -364);
  const api = () =>
    fetch(`${runtime.url}/api/reports?from=${from}&to=${to}`, { headers: { cookie } }).then(async (r) => {
      if (r.status !== 200) throw new Error(`reports answered ${r.status}`);
      return (await r.json()) as Record<string, unknown[]>;
    });
  const queryAll = (platform: string) =>
    queryAllPages(doc, {
      TableName: runtime.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': `COMPANY#${companyId}`,
        ':from': `METRIC#${platform}#${from}`,
        ':to': `METRIC#${platform}#${to}`,
      },
    });
  const raw = async () => (await Promise.all(PLATFORMS.map(queryAll))).flat();

  const answered = Object.values(await api()).flat().length;
  const queried = (await raw()).length;
  if (answered !== queried || answered !== PLATFORMS.length * 365) {
    throw new Error(`the API answered ${answered} rows, the Queries found ${queried}`);
  }
  for (let i = 0; i < 20; i++) await Promise.all([api(), raw()]);
  const apiSerial = await timeLoop(100, api);
  const rawSerial = await timeLoop(100, raw);
  return {
    rows: answered,
    timings: [
      { what: `GET /api/reports, a year × 4 platforms (${answered} rows, HTTP, serial)`, ...apiSerial },
      { what: 'raw Queries of the same rows (document client, 4 at once, serial)', ...rawSerial },
    ],
    apiOverRawP50: apiSerial.p50 / rawSerial.p50,
    apiOverRawP99: apiSerial.p99 / rawSerial.p99,
  };
}
