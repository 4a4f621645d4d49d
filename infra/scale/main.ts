/**
 * `npm run model`: the load and cost model as markdown tables (docs/scale.md holds a copy).
 * `npm run model -- --simulate [companies]`: also a simulated day of that many companies (1,000
 * by default) on the embedded runtime, its counts beside the model's.
 */
import { companyDay, FLEETS, fixedDay, loadPrices, monthlyBill, perOperation, type Daily } from './model';
import { limitsFor } from './limits';
import { DEFAULT_PROFILE } from './profile';
import { compare } from './compare';

const profile = DEFAULT_PROFILE;
const prices = loadPrices();
const n = (x: number, digits = 0) =>
  x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const usd = (x: number) => `$${n(x, x < 10 ? 2 : 0)}`;
const lines: string[] = [];
const out = (line = '') => lines.push(line);

out(`Profile: ${JSON.stringify(profile)}`);
out();
out('Per operation (once):');
out();
out(
  '| operation | a day | API calls | item reads | queries | item writes | read units | write units | GSI write units | transitions |',
);
out('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const { op, perDay, table: t } of perOperation(profile))
  out(
    `| ${op.name} | ${n(perDay, 2)} | ${op.apiRequests} | ${t.itemReads} | ${t.queries} | ${t.itemWrites} | ${n(t.readUnits, 1)} | ${t.writeUnits} | ${t.gsiWriteUnits} | ${op.transitions} |`,
  );
out();
const day = companyDay(profile);
const fixed = fixedDay();
const row = (label: string, pick: (d: Daily) => number, digits = 1) =>
  out(`| ${label} | ${n(pick(day), digits)} | ${n(pick(fixed), digits)} |`);
out("Per company per day, and the deployment's own (sweepers):");
out();
out('| what | a company a day | fixed a day |');
out('|---|---:|---:|');
row('API requests', (d) => d.apiRequests);
row('Lambda invocations', (d) => d.lambdaInvocations);
row('Lambda GB-seconds', (d) => d.lambdaGbSeconds, 2);
row('table item reads', (d) => d.itemReads);
row('table queries', (d) => d.queries);
row('table item writes', (d) => d.itemWrites);
row('read units', (d) => d.readUnits);
row('write units (table)', (d) => d.writeUnits);
row('write units (GSIs)', (d) => d.gsiWriteUnits);
row('Step Functions transitions', (d) => d.transitions);
row('Scheduler invocations', (d) => d.schedulerInvocations);
row('Scheduler API calls', (d) => d.schedulerApiCalls);
row('S3 PUT/DELETE', (d) => d.s3Puts + d.s3Deletes);
row('S3 GET', (d) => d.s3Gets);
row('S3 MB in', (d) => d.s3BytesIn / 1e6, 2);
row('SES mails', (d) => d.mails, 2);
row('KMS calls', (d) => d.kmsCalls);
out();
out(
  `A month (30 days), on-demand, ${prices.region}, prices of ${prices.asOf} (${prices.source}); storage and transfer left out:`,
);
out();
out(
  '| companies | Lambda | API Gateway | DynamoDB | Step Functions | Scheduler | S3 | SES | KMS | total | per company |',
);
out('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const companies of FLEETS) {
  const b = monthlyBill(companies, profile, prices);
  out(
    `| ${n(companies)} | ${usd(b.lambda)} | ${usd(b.apiGateway)} | ${usd(b.dynamodb)} | ${usd(b.stepFunctions)} | ${usd(b.scheduler)} | ${usd(b.s3)} | ${usd(b.ses)} | ${usd(b.kms)} | ${usd(b.total)} | ${usd(b.total / companies)} |`,
  );
}
out();
out('The limit each size meets first (load over quota; 1.00 is the quota):');
out();
out('| companies | first limit | load | ratio | fix |');
out('|---:|---|---|---:|---|');
for (const companies of FLEETS) {
  const [first] = limitsFor(companies, profile);
  if (!first) continue;
  out(`| ${n(companies)} | ${first.limit} | ${first.load} | ${n(first.ratio, 2)} | ${first.fix} |`);
}
out();
out('Every limit at 100,000 companies:');
out();
out('| limit | load | ratio | fix |');
out('|---|---|---:|---|');
for (const l of limitsFor(100_000, profile)) out(`| ${l.limit} | ${l.load} | ${n(l.ratio, 2)} | ${l.fix} |`);
console.log(lines.join('\n'));

const at = process.argv.indexOf('--simulate');
if (at >= 0) {
  const companies = Number(process.argv[at + 1] ?? 1000) || 1000;
  const { simulateDay } = await import('./simulate');
  const result = await simulateDay({ companies, profile, log: (line) => console.error(line) });
  console.log();
  console.log(compare(result, profile).join('\n'));
  process.exit(0);
}
