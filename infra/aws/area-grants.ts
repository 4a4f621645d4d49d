import type { AREAS } from '../../functions/api/areas';
import { grants as auth } from '../../functions/api/auth/grants';
import { grants as billing } from '../../functions/api/billing/grants';
import { grants as business } from '../../functions/api/business/grants';
import { grants as calendar } from '../../functions/api/calendar/grants';
import { grants as company } from '../../functions/api/company/grants';
import { grants as content } from '../../functions/api/content/grants';
import { grants as integrations } from '../../functions/api/integrations/grants';
import { grants as lrp } from '../../functions/api/lrp/grants';
import { grants as media } from '../../functions/api/media/grants';
import { grants as metadata } from '../../functions/api/metadata/grants';
import { grants as notifications } from '../../functions/api/notifications/grants';
import { grants as plan } from '../../functions/api/plan/grants';
import { grants as reports } from '../../functions/api/reports/grants';
import { grants as seo } from '../../functions/api/seo/grants';
import { defineGrants, TABLE_READ_WRITE, type Grants } from '../../functions/core/grants';
import type { RecurringWorkerName, WorkerName } from '../../functions/workers/workers';

type DeployedArea = Extract<(typeof AREAS)[number], { localOnly: false }>['name'];

/**
 * Each deployed area's declaration (functions/api/<area>/grants.ts). Typed by the area list:
 * an area added to functions/api/areas.ts does not compile until its grants are listed here.
 */
export const AREA_GRANTS: Record<DeployedArea, Grants> = {
  auth,
  billing,
  business,
  calendar,
  company,
  content,
  integrations,
  lrp,
  media,
  metadata,
  notifications,
  plan,
  reports,
  seo,
};

/**
 * What each workflow worker may touch. run-job runs every job kind (generation with OpenAI,
 * anything a kind stores); finish-job only records a job's outcome on its item.
 */
export const WORKER_GRANTS: Record<WorkerName, Grants> = {
  // Also the connected apps' scheduled token refresh: the platforms' app credentials, the token key,
  // and the schedule group, where a refresh arms the next one.
  'run-job': defineGrants({
    table: TABLE_READ_WRITE,
    schedules: true,
    // Calendar generation draws Instagram's images into the media library (object, thumbnails, item).
    media: { read: true, write: true, prefix: 'companies/' },
    secrets: ['openai', 'oauth-clients'],
    tokenKey: ['encrypt', 'decrypt'],
  }),
  'finish-job': defineGrants({ table: ['GetItem', 'UpdateItem'] }),
  // The site audit: the crawl cursor and page data in the bucket under companies/, the audit item; the mail when ready.
  'audit-crawl': defineGrants({ table: TABLE_READ_WRITE, media: { read: true, write: true, prefix: 'companies/' } }),
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

/** What each recurring worker may touch: the sweeper reads posts by their watch time and starts publishes. */
export const RECURRING_GRANTS: Record<RecurringWorkerName, Grants> = {
  'sweep-posts': defineGrants({ table: ['Query'], workflows: ['publish-post'] }),
};

export function areaGrants(area: string, declarations: Partial<Record<string, Grants>> = AREA_GRANTS): Grants {
  const grants = declarations[area];
  if (!grants)
    throw new Error(
      `Area ${area} has no grants: add functions/api/${area}/grants.ts and list it in infra/aws/area-grants.ts`,
    );
  return grants;
}
