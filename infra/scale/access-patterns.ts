/**
 * What each operation of a company's day asks of AWS, written from the code paths it runs (the
 * file named beside each). Table accesses are per item: a read by key, a query, a written item;
 * the read batcher may send several reads in one call, which changes calls, not items or units.
 * The simulation (simulate.ts) counts the same operations on the embedded runtime, so an access
 * added to a path shows up there as a gap against these figures.
 */
import { SIZING } from '../aws/constructs/app-function';
import { REPORT_PLATFORMS } from '@shared/schemas/reports';
import { RECOLLECT_DAYS } from '../../functions/core/reports/metrics-collect';
import { RECURRING_WORKERS, WORKERS, type WorkerName } from '../../functions/workers/workers';
import { WATCH_SHARDS } from '../../functions/core/table/keys';
import { auditScenario, SCENARIOS, transitions } from './asl-paths';
import { MEDIA_UPLOAD, POST_GROUP, SIGN_IN_VISIT, type UsageProfile } from './profile';

/** One table access: `n` of them, each of an item of `bytes`; GSI writes are index items written. */
export interface Access {
  what: string;
  kind: 'read' | 'query' | 'write';
  n: number;
  bytes: number;
  /** Strongly consistent reads cost twice an eventually consistent one. */
  consistent?: boolean;
  /** Index item writes per write: 1 per index whose keys are set, 2 where a key changes (delete and put). */
  gsiWrites?: number;
}

interface LambdaUse {
  fn: string;
  invocations: number;
  memoryMb: number;
  /** Billed milliseconds per invocation: an estimate, not read from the code (see docs/scale.md). */
  ms: number;
}

export interface Operation {
  name: string;
  /** How many a company runs a day under the profile. */
  perDay: (p: UsageProfile) => number;
  apiRequests: number;
  lambda: LambdaUse[];
  table: Access[];
  transitions: number;
  /** EventBridge Scheduler: invocations (a schedule firing) and API calls (create, update, delete). */
  schedulerInvocations: number;
  schedulerApiCalls: number;
  s3: { puts: number; gets: number; deletes: number; bytesIn: number; bytesOut: number };
  mails: number;
  kmsCalls: number;
}

const read = (what: string, n = 1, bytes = 500, consistent = false): Access => ({
  what,
  kind: 'read',
  n,
  bytes,
  consistent,
});
const query = (what: string, n = 1, bytes = 1000): Access => ({ what, kind: 'query', n, bytes });
const write = (what: string, n = 1, bytes = 500, gsiWrites = 0): Access => ({
  what,
  kind: 'write',
  n,
  bytes,
  gsiWrites,
});

const api =
  (memoryMb = SIZING.api.memorySize) =>
  (calls: { area: string }[], ms: number): LambdaUse[] =>
    calls.map((c) => ({ fn: `api:${c.area}`, invocations: 1, memoryMb, ms }));
const worker = (name: WorkerName, invocations: number, ms: number): LambdaUse => {
  if (!WORKERS.some((w) => w.name === name)) throw new Error(`No worker ${name}`);
  return { fn: `worker:${name}`, invocations, memoryMb: SIZING.worker.memorySize, ms };
};
const noS3 = { puts: 0, gets: 0, deletes: 0, bytesIn: 0, bytesOut: 0 };

/** A post item as the simulation writes it: about 790 bytes (the copy is most of it). */
const POST_BYTES = 800;
/** The session check every company route makes (middleware): the session, then the membership. */
const memberRequest = [read('session'), read('membership')];

export function operations(p: UsageProfile): Operation[] {
  const platforms = p.platforms.length;
  const reportPlatforms = p.platforms.filter((x) => (REPORT_PLATFORMS as readonly string[]).includes(x)).length;
  const auditBatches = Math.max(1, Math.ceil(p.auditPages / 200));
  return [
    {
      // accounts/login.ts, the session middleware, company/get-company.ts, calendar latest/recent.
      name: 'sign-in',
      perDay: (q) => q.signIns,
      apiRequests: SIGN_IN_VISIT.length,
      lambda: api()(SIGN_IN_VISIT, 80),
      table: [
        write('rate-limit windows (per address, per address and email)', 2, 150),
        read('email → user'),
        read('user'),
        query("user's companies (GSI1)"),
        write('session (GSI1: user sessions)', 1, 330, 1),
        read('session', 4),
        read('user (profile)'),
        read('company'),
        query("user's companies, members, invites, ICPs", 4),
        read("members' users"),
        read('membership (latest, recent)', 2),
        query('next scheduled, last published (GSI1)', 2),
      ],
      transitions: 0,
      schedulerInvocations: 0,
      schedulerApiCalls: 0,
      s3: noS3,
      mails: 0,
      kmsCalls: 0,
    },
    {
      // media/upload-request.ts (ids from COUNTER#media, pending items), media/complete-upload.ts.
      name: 'media upload',
      perDay: (q) => q.mediaUploads,
      apiRequests: MEDIA_UPLOAD.length,
      lambda: [...api()(MEDIA_UPLOAD.slice(0, 1), 60), ...api()(MEDIA_UPLOAD.slice(1), 900)],
      table: [
        ...memberRequest,
        write('COUNTER#media (one ADD for the batch)'),
        write('pending media item'),
        ...memberRequest,
        read('media item', 1, 600, true),
        write('media item ready'),
      ],
      transitions: 0,
      schedulerInvocations: 0,
      schedulerApiCalls: 0,
      // The browser's PUT of the staged file; complete reads it back, writes the library's copy
      // and the thumbnail from the checked bytes, and deletes the staged one.
      s3: {
        puts: 4,
        gets: 3,
        deletes: 1,
        bytesIn: 2 * p.mediaBytes + p.thumbnailBytes,
        bytesOut: 2 * p.mediaBytes,
      },
      mails: 0,
      kmsCalls: 0,
    },
    {
      // calendar/post-store.ts createPosts: the paid-plan gate, one ADD for the group's ids, a
      // post per platform (GSI1 by status, GSI2 by date, GSI3 its watch) and its schedule.
      name: 'post group written',
      perDay: (q) => q.postGroups,
      apiRequests: POST_GROUP.length,
      lambda: api()(POST_GROUP, 120),
      table: [
        ...memberRequest,
        read('company (demo check)'),
        read('subscription', 1, 1500, true),
        write('COUNTER#post (one ADD for the group)'),
        write('post', platforms, POST_BYTES, 3),
      ],
      transitions: 0,
      schedulerInvocations: 0,
      schedulerApiCalls: platforms,
      s3: noS3,
      mails: 0,
      kmsCalls: 0,
    },
    {
      // publishing/publish-steps.ts: the schedule starts publish-post; Start claims the post on its
      // version (in progress: GSI1 and GSI3 keys move), checks the plan, reads the connection,
      // creates the post at the platform and writes it published (GSI1, GSI2 move; GSI3 dropped).
      name: 'post published',
      perDay: (q) => q.postGroups * q.platforms.length,
      apiRequests: 0,
      lambda: [worker('publish-start', 1, 700)],
      table: [
        read('post', 1, POST_BYTES, true),
        read('company'),
        read('subscription', 1, 1500, true),
        read('connection (sealed tokens)', 1, 1500, true),
        write('post claimed (GSI2 1, GSI1 2, GSI3 2)', 1, POST_BYTES, 5),
        write('post published (GSI2 2, GSI1 2, GSI3 1)', 1, POST_BYTES, 5),
      ],
      transitions: transitions(SCENARIOS.publishDirect),
      schedulerInvocations: 1,
      schedulerApiCalls: 0,
      s3: noS3,
      mails: 0,
      kmsCalls: 1,
    },
    {
      // reports/metrics-collect.ts: the daily schedule starts run-job (its platforms worker); it re-arms tomorrow's run
      // (watch, then schedule), then per report platform reads the connection, the stored days
      // and writes the last RECOLLECT_DAYS rows; finish-job's write names no job item.
      name: 'report collection',
      perDay: (q) => (q.reportCollection && reportPlatforms > 0 ? 1 : 0),
      apiRequests: 0,
      lambda: [worker('job-platforms', 1, 400 + 800 * reportPlatforms), worker('finish-job', 1, 40)],
      table: [
        read('connections of every report platform', REPORT_PLATFORMS.length, 1500, true),
        write('metrics watch (GSI3)', 1, 220),
        read('connection, per report platform', REPORT_PLATFORMS.length, 1500, true),
        read('connection again for the call, per connected platform', reportPlatforms, 1500, true),
        query('stored days, per connected platform', reportPlatforms, 600),
        write('day rows, per connected platform', reportPlatforms * RECOLLECT_DAYS, 200),
        write('job outcome (conditional, no item: refused)'),
      ],
      transitions: transitions(SCENARIOS.job),
      schedulerInvocations: 1,
      schedulerApiCalls: 1,
      s3: noS3,
      mails: 0,
      kmsCalls: reportPlatforms,
    },
    {
      // Not run by the simulation: audit/audit-run.ts and crawl-session.ts, estimated from the code.
      name: 'site audit',
      perDay: (q) => q.audits,
      apiRequests: 1,
      lambda: [
        ...api()([{ area: 'seo' }], 150),
        worker('audit-crawl', auditBatches, Math.min(240_000, p.auditPages * 400)),
        worker('audit-finish', 1, 5_000),
      ],
      table: [
        ...memberRequest,
        write('audit lock, audit item, host lease', 3, 2000),
        write('audit progress per batch, lease renewals', auditBatches * 3, 2000),
        write('audit finished, lock released', 2, 20_000),
      ],
      transitions: transitions(auditScenario(auditBatches)),
      schedulerInvocations: 0,
      schedulerApiCalls: 0,
      // Cursor per batch, pages' objects, the report.
      s3: { puts: auditBatches + 3, gets: auditBatches + 2, deletes: 1, bytesIn: p.auditPages * 20_000, bytesOut: 0 },
      mails: 0,
      kmsCalls: 0,
    },
  ];
}

/** The recurring workers: one deployment's cost a day, whatever the number of companies; each queries every watch shard. */
export function fixedDaily(): { name: string; invocations: number; queries: number; memoryMb: number; ms: number }[] {
  return RECURRING_WORKERS.map((w) => {
    const invocations = (24 * 60) / w.everyMinutes;
    return {
      name: w.name,
      invocations,
      queries: WATCH_SHARDS * invocations,
      memoryMb: SIZING.worker.memorySize,
      ms: 120,
    };
  });
}
