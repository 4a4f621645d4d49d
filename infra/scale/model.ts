/**
 * The load and cost model: per company per day from the operations of access-patterns.ts and a
 * usage profile, priced with prices.json for fleets of companies, and the limit each fleet meets
 * first (limits.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fixedDaily, operations, type Access } from './access-patterns';
import type { UsageProfile } from './profile';

export interface Prices {
  region: string;
  asOf: string;
  source: string;
  note: string;
  lambda: { perMillionRequests: number; perGbSecondArm64: number };
  dynamodb: { onDemandPerMillionWriteUnits: number; onDemandPerMillionReadUnits: number };
  stepFunctions: {
    standardPerThousandTransitions: number;
    expressPerMillionRequests: number;
    expressPerGbSecond: number;
  };
  scheduler: { perMillionInvocations: number };
  s3: { perThousandPutCopyPostList: number; perThousandGetSelect: number };
  ses: { perThousandMails: number };
  apiGateway: { httpApiPerMillionRequests: number };
  kms: { perTenThousandRequests: number };
}

export const loadPrices = (): Prices =>
  JSON.parse(readFileSync(fileURLToPath(new URL('./prices.json', import.meta.url)), 'utf8')) as Prices;

/** DynamoDB's units: a write per 1 KB, a read per 4 KB (half for an eventually consistent read). */
export const writeUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
export const readUnits = (bytes: number, consistent = false) =>
  Math.max(1, Math.ceil(bytes / 4096)) * (consistent ? 1 : 0.5);

export interface Daily {
  apiRequests: number;
  lambdaInvocations: number;
  lambdaGbSeconds: number;
  itemReads: number;
  queries: number;
  itemWrites: number;
  readUnits: number;
  writeUnits: number;
  gsiWriteUnits: number;
  transitions: number;
  executions: Record<string, number>;
  schedulerInvocations: number;
  schedulerApiCalls: number;
  s3Puts: number;
  s3Gets: number;
  s3Deletes: number;
  s3BytesIn: number;
  s3BytesOut: number;
  mails: number;
  kmsCalls: number;
}

const zero = (): Daily => ({
  apiRequests: 0,
  lambdaInvocations: 0,
  lambdaGbSeconds: 0,
  itemReads: 0,
  queries: 0,
  itemWrites: 0,
  readUnits: 0,
  writeUnits: 0,
  gsiWriteUnits: 0,
  transitions: 0,
  executions: {},
  schedulerInvocations: 0,
  schedulerApiCalls: 0,
  s3Puts: 0,
  s3Gets: 0,
  s3Deletes: 0,
  s3BytesIn: 0,
  s3BytesOut: 0,
  mails: 0,
  kmsCalls: 0,
});

/** The table's share of one operation run once. */
export function tableOf(accesses: Access[]) {
  const t = { itemReads: 0, queries: 0, itemWrites: 0, readUnits: 0, writeUnits: 0, gsiWriteUnits: 0 };
  for (const a of accesses) {
    if (a.kind === 'read') {
      t.itemReads += a.n;
      t.readUnits += a.n * readUnits(a.bytes, a.consistent);
    } else if (a.kind === 'query') {
      t.queries += a.n;
      t.readUnits += a.n * readUnits(a.bytes);
    } else {
      t.itemWrites += a.n;
      t.writeUnits += a.n * writeUnits(a.bytes);
      t.gsiWriteUnits += a.n * (a.gsiWrites ?? 0) * writeUnits(a.bytes);
    }
  }
  return t;
}

/** Which workflow an operation's transitions belong to. */
const WORKFLOW_OF: Record<string, string> = {
  'post published': 'publish-post',
  'report collection': 'run-job',
  'site audit': 'site-audit',
};

/** Each operation of the profile, once, and how many a company runs a day. */
export function perOperation(profile: UsageProfile) {
  return operations(profile).map((op) => ({ op, perDay: op.perDay(profile), table: tableOf(op.table) }));
}

/** One company's day. */
export function companyDay(profile: UsageProfile): Daily {
  const d = zero();
  for (const { op, perDay: k, table } of perOperation(profile)) {
    if (!k) continue;
    d.apiRequests += k * op.apiRequests;
    for (const l of op.lambda) {
      d.lambdaInvocations += k * l.invocations;
      d.lambdaGbSeconds += k * l.invocations * (l.memoryMb / 1024) * (l.ms / 1000);
    }
    d.itemReads += k * table.itemReads;
    d.queries += k * table.queries;
    d.itemWrites += k * table.itemWrites;
    d.readUnits += k * table.readUnits;
    d.writeUnits += k * table.writeUnits;
    d.gsiWriteUnits += k * table.gsiWriteUnits;
    d.transitions += k * op.transitions;
    const workflow = WORKFLOW_OF[op.name];
    if (workflow) d.executions[workflow] = (d.executions[workflow] ?? 0) + k;
    d.schedulerInvocations += k * op.schedulerInvocations;
    d.schedulerApiCalls += k * op.schedulerApiCalls;
    d.s3Puts += k * op.s3.puts;
    d.s3Gets += k * op.s3.gets;
    d.s3Deletes += k * op.s3.deletes;
    d.s3BytesIn += k * op.s3.bytesIn;
    d.s3BytesOut += k * op.s3.bytesOut;
    d.mails += k * op.mails;
    d.kmsCalls += k * op.kmsCalls;
  }
  return d;
}

/** The deployment's own day (the sweepers), independent of the number of companies. */
export function fixedDay(): Daily {
  const d = zero();
  for (const w of fixedDaily()) {
    d.lambdaInvocations += w.invocations;
    d.lambdaGbSeconds += w.invocations * (w.memoryMb / 1024) * (w.ms / 1000);
    d.queries += w.queries;
    d.readUnits += w.queries * readUnits(1000);
  }
  return d;
}

export interface Bill {
  lambda: number;
  apiGateway: number;
  dynamodb: number;
  stepFunctions: number;
  scheduler: number;
  s3: number;
  ses: number;
  kms: number;
  total: number;
}

/** A month (30 days) of `companies`, in US dollars, storage and data transfer left out. */
export function monthlyBill(companies: number, profile: UsageProfile, prices: Prices): Bill {
  const c = companyDay(profile);
  const f = fixedDay();
  const days = 30;
  const m = (pick: (d: Daily) => number) => (pick(c) * companies + pick(f)) * days;
  const bill = {
    lambda:
      (m((d) => d.lambdaInvocations) / 1e6) * prices.lambda.perMillionRequests +
      m((d) => d.lambdaGbSeconds) * prices.lambda.perGbSecondArm64,
    apiGateway: (m((d) => d.apiRequests) / 1e6) * prices.apiGateway.httpApiPerMillionRequests,
    dynamodb:
      (m((d) => d.writeUnits + d.gsiWriteUnits) / 1e6) * prices.dynamodb.onDemandPerMillionWriteUnits +
      (m((d) => d.readUnits) / 1e6) * prices.dynamodb.onDemandPerMillionReadUnits,
    stepFunctions: (m((d) => d.transitions) / 1000) * prices.stepFunctions.standardPerThousandTransitions,
    scheduler: (m((d) => d.schedulerInvocations) / 1e6) * prices.scheduler.perMillionInvocations,
    s3:
      (m((d) => d.s3Puts + d.s3Deletes) / 1000) * prices.s3.perThousandPutCopyPostList +
      (m((d) => d.s3Gets) / 1000) * prices.s3.perThousandGetSelect,
    ses: (m((d) => d.mails) / 1000) * prices.ses.perThousandMails,
    kms: (m((d) => d.kmsCalls) / 10_000) * prices.kms.perTenThousandRequests,
    total: 0,
  };
  bill.total = Object.values(bill).reduce((a, b) => a + b, 0);
  return bill;
}

export const FLEETS = [100, 1_000, 10_000, 100_000] as const;
