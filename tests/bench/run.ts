/**
 * `npm run bench`: measures the embedded runtime as a user of it would feel it.
 * - GET /api/metadata through the whole HTTP stack (server → API Gateway event → middy → JSON),
 *   with autocannon: requests/s, p50 and p99.
 * - The raw GetItem round trip to DynamoDB Local, for comparison with the HTTP numbers.
 * - The password hash (scrypt) every sign-in pays.
 * Prints a table and writes bench-results/bench.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import autocannon from 'autocannon';
import { hashPassword, verifyPassword } from '../../functions/core/accounts/password-hash';
import { startRuntimeProcess } from '../support/runtime';
import { runAuditBench, runAuditScaleBench } from './audit-bench';
import { runMediaBench } from './media-bench';
import { runCalendarBench } from './calendar-bench';
import { runReportsBench } from './reports-bench';
import { runBestTimesBench } from './best-times-bench';
import { runPublishBench } from './publish-bench';
import { timeLoop } from './timing';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

const runtime = await startRuntimeProcess();
try {
  // Warm the handler and the JIT before measuring.
  for (let i = 0; i < 200; i++) await fetch(`${runtime.url}/api/metadata`).then((r) => r.arrayBuffer());

  const http = await autocannon({ url: `${runtime.url}/api/metadata`, connections: 10, duration: DURATION_S });

  const dynamo = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: runtime.dynamoEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const getItem = await timeLoop(2000, () =>
    dynamo.send(
      new GetItemCommand({ TableName: runtime.tableName, Key: { pk: { S: 'COUNTER#user' }, sk: { S: 'COUNTER' } } }),
    ),
  );

  const stored = await hashPassword('correct horse battery');
  const scrypt = await timeLoop(20, () => verifyPassword('correct horse battery', stored));

  const rows = [
    {
      what: 'GET /api/metadata (HTTP, 10 connections)',
      'ops/s': http.requests.average,
      'p50 ms': http.latency.p50,
      'p99 ms': http.latency.p99,
    },
    {
      what: 'DynamoDB Local GetItem (1 client, serial)',
      'ops/s': getItem.ops,
      'p50 ms': getItem.p50,
      'p99 ms': getItem.p99,
    },
    { what: 'scrypt verify (N=2^15, r=8)', 'ops/s': scrypt.ops, 'p50 ms': scrypt.p50, 'p99 ms': scrypt.p99 },
  ].map((r) => ({
    what: r.what,
    'ops/s': Math.round(r['ops/s']),
    'p50 ms': Number(r['p50 ms'].toFixed(2)),
    'p99 ms': Number(r['p99 ms'].toFixed(2)),
  }));
  console.table(rows);
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/bench.json',
    JSON.stringify(
      {
        at: new Date().toISOString(),
        node: process.version,
        durationSeconds: DURATION_S,
        errors: http.errors,
        non2xx: http.non2xx,
        rows,
      },
      null,
      2,
    ),
  );
  console.log('written bench-results/bench.json');

  // The calendar's month range with 10,000 posts beside the raw Query of the same items (tests/bench/calendar-bench.ts).
  const calendar = await runCalendarBench(runtime, DURATION_S);
  console.table(
    calendar.rows.map((r) => ({
      what: r.what,
      'ops/s': Math.round(r.ops * 10) / 10,
      'p50 ms': Number(r.p50.toFixed(1)),
      'p99 ms': Number(r.p99.toFixed(1)),
    })),
  );
  console.log(`calendar: API p50 / raw Query p50 = ${calendar.apiOverRawP50.toFixed(2)} (goal: at most 2)`);
  writeFileSync(
    'bench-results/calendar.json',
    JSON.stringify({ at: new Date().toISOString(), node: process.version, ...calendar }, null, 2),
  );

  // The year report of 4 platforms × 365 days beside the raw Queries of the same rows (tests/bench/reports-bench.ts).
  const reports = await runReportsBench(runtime);
  console.table(
    reports.timings.map((r) => ({
      what: r.what,
      'ops/s': Math.round(r.ops * 10) / 10,
      'p50 ms': Number(r.p50.toFixed(1)),
      'p99 ms': Number(r.p99.toFixed(1)),
    })),
  );
  console.log(
    `reports: API / raw p50 = ${reports.apiOverRawP50.toFixed(2)}, p99 = ${reports.apiOverRawP99.toFixed(2)} (goal: at most 2)`,
  );
  writeFileSync(
    'bench-results/reports.json',
    JSON.stringify({ at: new Date().toISOString(), node: process.version, ...reports }, null, 2),
  );

  // Best times over 10,000 published posts beside the raw Query of the same rows (tests/bench/best-times-bench.ts).
  const bestTimes = await runBestTimesBench(runtime);
  console.table(
    bestTimes.timings.map((r) => ({
      what: r.what,
      'ops/s': Math.round(r.ops * 10) / 10,
      'p50 ms': Number(r.p50.toFixed(1)),
      'p99 ms': Number(r.p99.toFixed(1)),
    })),
  );
  console.log(
    `best times: API / raw p50 = ${bestTimes.apiOverRawP50.toFixed(2)}, p99 = ${bestTimes.apiOverRawP99.toFixed(2)} (goal: at most 2)`,
  );
  writeFileSync(
    'bench-results/best-times.json',
    JSON.stringify({ at: new Date().toISOString(), node: process.version, ...bestTimes }, null, 2),
  );
} finally {
  await runtime.stop();
}

// The site audit's crawl against a bare fetch-and-parse loop and linkinator (tests/bench/audit-bench.ts).
const audit = await runAuditBench();
writeFileSync(
  'bench-results/audit.json',
  JSON.stringify({ at: new Date().toISOString(), node: process.version, ...audit }, null, 2),
);
console.log('written bench-results/audit.json');

// The audit's saved state and memory at its largest crawl (tests/bench/audit-bench.ts).
const auditScale = await runAuditScaleBench();
writeFileSync(
  'bench-results/audit-scale.json',
  JSON.stringify({ at: new Date().toISOString(), node: process.version, ...auditScale }, null, 2),
);
console.log('written bench-results/audit-scale.json');

// The media upload path (tests/bench/media-bench.ts): 100 JPEGs of about 2 MB, signed PUT and complete
// (type check, thumbnails) on its own runtime, beside sharp's own thumbnail rate on the same files.
const media = await runMediaBench();
console.table([media]);
writeFileSync(
  'bench-results/media.json',
  JSON.stringify({ at: new Date().toISOString(), node: process.version, ...media }, null, 2),
);
console.log('written bench-results/media.json');

// 1,000 posts scheduled for the same minute (tests/bench/publish-bench.ts): seconds to the last published,
// table writes per publish, published twice (must be 0). Goal: within 15 s.
const publishing = await runPublishBench();
console.table([publishing]);
writeFileSync(
  'bench-results/publish.json',
  JSON.stringify({ at: new Date().toISOString(), node: process.version, ...publishing }, null, 2),
);
console.log('written bench-results/publish.json');
