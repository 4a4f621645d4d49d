import { z } from 'zod';
import { auditErrorSchema, auditProgressSchema, auditStatusSchema, propHistorySchema } from '@shared/schemas/seo';
import { auditSettingsSchema } from '@shared/schemas/audit-settings';
import { auditStatsSchema } from '@shared/schemas/seo-audit';
import { auditWebVitalsSchema } from '@shared/schemas/web-vitals';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';
import { watchIndex, watchShape } from '../jobs/watch';

const outcomeSchema = z.object({ count: z.number(), severity: z.enum(['error', 'warning', 'notice']) });

/** What a finished audit found: small enough for the item (URL lists live in the bucket). */
const auditResultSchema = z.object({
  score: z.number(),
  pages: z.number(),
  totals: z.object({ errors: z.number(), warnings: z.number(), notices: z.number() }),
  /** Per check id: URLs affected and the severity given. */
  checks: z.record(z.string(), outcomeSchema),
  /** Per check id, against the previous finished audit. */
  history: z.record(z.string(), propHistorySchema),
  previousId: z.string().optional(),
  /** The overview's figures beyond the issues (absent on audits that finished before they were kept). */
  stats: z.optional(auditStatsSchema),
  /** JavaScript rendering asked for: done, or not possible on this runtime (the crawl read HTML). */
  rendering: z.optional(z.enum(['rendered', 'unavailable'])),
  /** Lab Core Web Vitals of the rendered sample. */
  webVitals: z.optional(auditWebVitalsSchema),
});
export type AuditResult = z.infer<typeof auditResultSchema>;

const auditItemSchema = z.object({
  id: z.string(),
  companyId: z.number(),
  userId: z.number(),
  website: z.string(),
  settings: auditSettingsSchema,
  status: auditStatusSchema,
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  progress: auditProgressSchema,
  error: z.optional(auditErrorSchema),
  /** Counted against the company's free audits of the month. */
  free: z.boolean(),
  result: auditResultSchema.optional(),
  /** Checks ignored in this audit's report until the next audit (spec 02 §4). */
  ignored: z.array(z.string()).optional(),
  /** The due time of the schedule that started it: a second firing of that time starts nothing. */
  scheduledFor: z.string().optional(),
  /** While it waits for a host another audit is crawling: its place in that queue (1 = next). */
  queuePlace: z.number().optional(),
  /** The site's basic-auth password, sealed as the settings keep it (audit-settings-store.ts). */
  basicAuthSealed: z.string().optional(),
  /** While it runs: until when its run must have renewed this, and the boot that runs it (jobs/watch.ts). */
  ...watchShape,
});
export type AuditItem = z.infer<typeof auditItemSchema>;

/** COMPANY#<id> / AUDIT#<ulid>: a company's audits, newest last; while one runs, on GSI3 by its watch time. */
export const audits = defineEntity({
  type: 'audit',
  schema: auditItemSchema,
  key: (a) => keys.audit(a.companyId, a.id),
  indexes: (a) =>
    a.watchUntil && (a.status === 'running' || a.status === 'stopping')
      ? watchIndex('audit', a.companyId, a.id, a.watchUntil)
      : {},
});

/** COMPANY#<id> / AUDITLOCK: the one audit a company may have running (a second start is refused). */
export const auditLocks = defineEntity({
  type: 'audit-lock',
  schema: z.object({ companyId: z.number(), auditId: z.string(), since: z.string() }),
  key: (l) => keys.auditLock(l.companyId),
});

/** AUDITHOST#<host> / LEASE: the audit crawling that host now, until `until` unless renewed (host-lease.ts). */
export const auditHostLeases = defineEntity({
  type: 'audit-host-lease',
  schema: z.object({
    host: z.string(),
    companyId: z.number(),
    auditId: z.string(),
    until: z.number(),
    /** When the last audit to crawl the host gave it back (epoch ms): the next one paces from there. */
    releasedAt: z.number().optional(),
  }),
  key: (l) => keys.auditHost(l.host),
});

/** COMPANY#<id> / SITEOWNERSHIP: the token the company puts on its site, and the host it proved (site-ownership.ts). */
export const siteOwnershipItems = defineEntity({
  type: 'site-ownership',
  schema: z.object({
    companyId: z.number(),
    token: z.string(),
    verifiedHost: z.string().optional(),
    verifiedAt: z.string().optional(),
    method: z.enum(['file', 'meta', 'search-console']).optional(),
  }),
  key: (s) => keys.siteOwnership(s.companyId),
});

/** COMPANY#<id> / AUDITSETTINGS: the company's crawl settings. */
export const auditSettingsItems = defineEntity({
  type: 'audit-settings',
  schema: z.object({
    companyId: z.number(),
    settings: auditSettingsSchema,
    /** The basic-auth password, sealed like platform tokens; never returned. */
    basicAuthSealed: z.string().optional(),
    /** The uploaded list's URLs (at most 200 KB of them, within the item), crawled when the list source is on. */
    urlListUrls: z.array(z.string()).optional(),
    /** Why the company last went back to version 1.0 (spec 02 §4: switching back asks for feedback). */
    versionFeedback: z.object({ text: z.string(), at: z.string() }).optional(),
    /** Counts the item's writes: each is made on condition that it is still the one read. */
    revision: z.number().optional(),
  }),
  key: (s) => keys.auditSettings(s.companyId),
});
