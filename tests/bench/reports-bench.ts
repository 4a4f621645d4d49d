/**
 * The year report of a company with 4 platforms × 365 days (a demo company, whose figures are a
 * year of every platform): GET /api/reports through the whole stack (HTTP, session and
 * membership, one Query per platform, every row parsed, the answer checked against its contract)
 * beside the raw Queries of the same items with the document client. Goal: p50 at most 2x.
 */
import { COMPANY_COOKIE } from '../../shared/constants';
import { addDays } from '../../shared/report-periods';
import type { RuntimeProcess } from '../support/runtime';
import { signedInCookie } from './bench-account';
import { benchDocumentClient, queryAllPages } from './raw-query';
import { timeLoop } from './timing';

const PLATFORMS = ['facebook', 'instagram', 'threads', 'linkedin'] as const;

export async function runReportsBench(runtime: RuntimeProcess) {
  const { cookie } = await signedInCookie(runtime.url, 'reports');
  const created = await fetch(`${runtime.url}/api/company`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: runtime.url },
    body: JSON.stringify({ name: 'Bench Demo', demo: true }),
  });
  if (created.status !== 201) throw new Error(`the demo company answered ${created.status}`);
  const { id: companyId } = (await created.json()) as { id: number };
  // The demo as the selected company, in place of the one signed in with.
  const asDemo = [
    ...cookie.split('; ').filter((c) => !c.startsWith(`${COMPANY_COOKIE}=`)),
    `${COMPANY_COOKIE}=${companyId}`,
  ].join('; ');

  const to = addDays(new Date().toISOString().slice(0, 10), -1);
  const from = addDays(to, -364);
  const api = () =>
    fetch(`${runtime.url}/api/reports?from=${from}&to=${to}`, { headers: { cookie: asDemo } }).then(async (r) => {
      if (r.status !== 200) throw new Error(`reports answered ${r.status}`);
      return (await r.json()) as Record<string, unknown[]>;
    });
  const doc = benchDocumentClient(runtime.dynamoEndpoint);
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
