import { AREAS, type DeployedAreaName } from '../../functions/api/areas';
import { defineGrants, TABLE_READ_WRITE, type Grants } from '../../functions/core/grants';
import { jobWorkerGrants } from '../../functions/workers/jobs/job-kinds';
import {
  JOB_WORKERS,
  type JobWorkerName,
  type RecurringWorkerName,
  type WorkerName,
} from '../../functions/workers/workers';

/** Each deployed area's declaration (functions/api/<area>/grants.ts), from the area registry. */
export const AREA_GRANTS = Object.fromEntries(
  AREAS.flatMap((area) => (area.grants ? [[area.name, area.grants]] : [])),
) as Record<DeployedAreaName, Grants>;

/**
 * What each workflow worker may touch. A job worker holds what its kinds declare beside their
 * definitions (functions/workers/jobs/job-kinds.ts), together and nothing more; finish-job only
 * records a job's outcome on its item.
 */
export const WORKER_GRANTS: Record<WorkerName, Grants> = {
  ...(Object.fromEntries(JOB_WORKERS.map((worker) => [worker.name, jobWorkerGrants(worker.name)])) as Record<
    JobWorkerName,
    Grants
  >),
  'finish-job': defineGrants({ table: ['GetItem', 'UpdateItem'] }),
  // The site audit: the crawl cursor and page data in the bucket under companies/, the audit item; the mail when ready.
  // It opens the sealed basic-auth password of a site behind one (audit settings).
  'audit-crawl': defineGrants({
    table: TABLE_READ_WRITE,
    media: { read: true, write: true, prefix: 'companies/' },
    tokenKey: ['decrypt'],
  }),
  'audit-finish': defineGrants({
    table: TABLE_READ_WRITE,
    media: { read: true, write: true, prefix: 'companies/' },
    mail: true,
  }),
  // Publishing: the post and connection items, the sealed tokens (opened, never resealed), the
  // post's files (presigned GETs the platforms fetch, bytes for LinkedIn's upload); the failure
  // step mails the company's members. No schedules: a fired schedule deletes itself. Start also
  // publishes blog posts to WordPress (its sealed application password, the featured image).
  'publish-start': defineGrants({
    table: TABLE_READ_WRITE,
    tokenKey: ['decrypt'],
    media: { read: true, prefix: 'companies/' },
  }),
  'publish-advance': defineGrants({
    table: TABLE_READ_WRITE,
    tokenKey: ['decrypt'],
    media: { read: true, prefix: 'companies/' },
  }),
  'publish-send': defineGrants({
    table: TABLE_READ_WRITE,
    tokenKey: ['decrypt'],
    media: { read: true, prefix: 'companies/' },
  }),
  'publish-fail': defineGrants({ table: TABLE_READ_WRITE, mail: true }),
};

/**
 * What each recurring worker may touch: the post sweeper reads posts by their watch time and
 * starts publishes; the metrics sweeper reads collection watches and a company's connections,
 * re-arms a collection (its watch and its one-time schedule) or removes a watch nobody needs.
 */
export const RECURRING_GRANTS: Record<RecurringWorkerName, Grants> = {
  'sweep-posts': defineGrants({ table: ['Query'], workflows: ['publish-post'] }),
  'sweep-metrics': defineGrants({ table: ['Query', 'GetItem', 'PutItem', 'DeleteItem'], schedules: true }),
  // Reads due webhook deliveries on GSI3 and starts each attempt as a run-job execution (the delivery worker's).
  'sweep-webhooks': defineGrants({ table: ['Query'], workflows: ['run-job'] }),
  // Reads feed watches on GSI3 and re-arms a dead chain: the watch moved on the feed, its one-time schedule.
  'sweep-feeds': defineGrants({ table: ['Query', 'UpdateItem'], schedules: true }),
  // Reads watched jobs and audit runs on GSI3; takes one back on its watch (UpdateItem) and starts
  // its run again (run-job, site-audit), or ends it: the job's outcome, the audit's end and host
  // lease, the company's audit lock (DeleteItem).
  'sweep-work': defineGrants({
    table: ['Query', 'UpdateItem', 'DeleteItem'],
    workflows: ['run-job', 'site-audit'],
  }),
};

export function areaGrants(area: string, declarations: Partial<Record<string, Grants>> = AREA_GRANTS): Grants {
  const grants = declarations[area];
  if (!grants)
    throw new Error(
      `Area ${area} has no grants: add functions/api/${area}/grants.ts and name it in the area's entry in functions/api/areas.ts`,
    );
  return grants;
}
