/**
 * Every key template of the single table, in one place: docs/data-model.md's access-pattern table is
 * this file in prose. Stores build keys only through these functions, so a layout change is
 * one edit and a typo cannot make a second, silent layout.
 */
// A type, not an interface, so a key is assignable where the SDK wants Record<string, unknown>.
export type TableKey = { pk: string; sk: string };

/** Partition keys that several entities share. */
export const partition = {
  company: (companyId: number) => `COMPANY#${companyId}`,
  user: (userId: number) => `USER#${userId}`,
};

export const keys = {
  user: (userId: number): TableKey => ({ pk: partition.user(userId), sk: 'PROFILE' }),
  userEmail: (email: string): TableKey => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' }),
  session: (tokenHash: string): TableKey => ({ pk: `SESSION#${tokenHash}`, sk: 'SESSION' }),
  verifyCode: (userId: number): TableKey => ({ pk: `VERIFY#${userId}`, sk: 'VERIFY' }),
  resetLink: (resetId: number): TableKey => ({ pk: `RESET#${resetId}`, sk: 'RESET' }),
  identity: (provider: string, subject: string): TableKey => ({
    pk: `IDENTITY#${provider}#${subject}`,
    sk: 'IDENTITY',
  }),
  oauthState: (stateHash: string): TableKey => ({ pk: `OAUTHSTATE#${stateHash}`, sk: 'STATE' }),
  /** The one demo company a user has made: written with the company, on condition (one per user). */
  userDemo: (userId: number): TableKey => ({ pk: partition.user(userId), sk: 'DEMO' }),
  /** The company a user was given when they had none: written with it, on condition (one at a time). */
  userOwnCompany: (userId: number): TableKey => ({ pk: partition.user(userId), sk: 'OWNCOMPANY' }),

  company: (companyId: number): TableKey => ({ pk: partition.company(companyId), sk: 'COMPANY' }),
  member: (companyId: number, userId: number): TableKey => ({
    pk: partition.company(companyId),
    sk: `MEMBER#${userId}`,
  }),
  invite: (companyId: number, inviteId: number): TableKey => ({
    pk: partition.company(companyId),
    sk: `INVITE#${inviteId}`,
  }),
  icp: (companyId: number, icpId: number): TableKey => ({ pk: partition.company(companyId), sk: `ICP#${icpId}` }),
  marketingPlan: (companyId: number): TableKey => ({ pk: partition.company(companyId), sk: 'MARKETING_PLAN' }),
  seoKeywords: (companyId: number): TableKey => ({ pk: partition.company(companyId), sk: 'SEO_KEYWORDS' }),
  /** When a company's daily report collection should next have run (reports/metrics-watch.ts). */
  metricsWatch: (companyId: number): TableKey => ({ pk: partition.company(companyId), sk: 'METRICS_WATCH' }),
  /** What a demo company's sample history wrote, so a refresh replaces it and nothing else. */
  demoHistory: (companyId: number): TableKey => ({ pk: partition.company(companyId), sk: 'DEMO_HISTORY' }),
  /** Site audits: ULID ids, so the partition's AUDIT# items sort by start time. */
  audit: (companyId: number, auditId: string): TableKey => ({
    pk: partition.company(companyId),
    sk: `AUDIT#${auditId}`,
  }),
  auditLock: (companyId: number): TableKey => ({ pk: partition.company(companyId), sk: 'AUDITLOCK' }),
  auditSettings: (companyId: number): TableKey => ({ pk: partition.company(companyId), sk: 'AUDITSETTINGS' }),
  /** When the company's audits run by themselves, and what the last due run did. */
  auditSchedule: (companyId: number): TableKey => ({ pk: partition.company(companyId), sk: 'AUDITSCHEDULE' }),
  /** The company's proof that it owns its website (token, and the host it was proven for). */
  siteOwnership: (companyId: number): TableKey => ({ pk: partition.company(companyId), sk: 'SITEOWNERSHIP' }),
  /** A guest link to the company's audit, by the SHA-256 of its secret (under AUDIT, so it goes with the audits). */
  auditShare: (companyId: number, secretHash: string): TableKey => ({
    pk: partition.company(companyId),
    sk: `${companyItemPrefix.auditShare}${secretHash}`,
  }),
  /** The one audit crawling a host at a time, across all companies: a lease. */
  auditHost: (host: string): TableKey => ({ pk: `AUDITHOST#${host}`, sk: 'LEASE' }),
  /** The audits waiting for that host, in the order they started. */
  auditHostQueue: (host: string): TableKey => ({ pk: `AUDITHOST#${host}`, sk: 'QUEUE' }),
  /** A media file (pending until its upload is confirmed); numeric ids from the `media` counter. */
  media: (companyId: number, mediaId: number): TableKey => ({
    pk: partition.company(companyId),
    sk: `MEDIA#${mediaId}`,
  }),

  job: (uuid: string): TableKey => ({ pk: `JOB#${uuid}`, sk: 'JOB' }),
  schedule: (name: string): TableKey => ({ pk: `SCHEDULE#${name}`, sk: 'SCHEDULE' }),
  counter: (entity: string): TableKey => ({ pk: `COUNTER#${entity}`, sk: 'COUNTER' }),
  rateWindow: (scope: string, key: string, window: number): TableKey => ({
    pk: `RATE#${scope}#${key}`,
    sk: `W#${window}`,
  }),
  mail: (id: string): TableKey => ({ pk: 'MAILBOX', sk: `MAIL#${id}` }),

  billingPlan: (slug: string): TableKey => ({ pk: 'PLAN', sk: `PLAN#${slug}` }),
  subscription: (companyId: number): TableKey => ({ pk: partition.company(companyId), sk: 'SUBSCRIPTION' }),
  invoice: (companyId: number, invoiceId: string): TableKey => ({
    pk: partition.company(companyId),
    sk: `INVOICE#${invoiceId}`,
  }),
  checkout: (sessionId: string): TableKey => ({ pk: `CHECKOUT#${sessionId}`, sk: 'CHECKOUT' }),
  billingCustomer: (provider: string, customerId: string): TableKey => ({
    pk: `BILLINGCUSTOMER#${provider}#${customerId}`,
    sk: 'CUSTOMER',
  }),
  billingEvent: (provider: string, eventId: string): TableKey => ({
    pk: `BILLINGEVENT#${provider}#${eventId}`,
    sk: 'EVENT',
  }),
  /** A post (one platform's copy); numeric ids from the `post` counter. */
  post: (companyId: number, postId: number): TableKey => ({ pk: partition.company(companyId), sk: `POST#${postId}` }),
  /** A company's connection to one platform (tokens encrypted); one per platform. */
  integration: (companyId: number, platform: string): TableKey => ({
    pk: partition.company(companyId),
    sk: `INTEGRATION#${platform}`,
  }),
  /** An integration connect round trip's state (hashed), bound to a browser, user and company. */
  integrationState: (stateHash: string): TableKey => ({ pk: `INTEGRATIONSTATE#${stateHash}`, sk: 'STATE' }),
  /**
   * A company's audience figures on one platform for one day (UTC, 'YYYY-MM-DD'): one item per
   * company, platform and day, so a re-collected day overwrites its row, and a platform's days
   * sort by date for one BETWEEN query.
   */
  metricDay: (companyId: number, platform: string, day: string): TableKey => ({
    pk: partition.company(companyId),
    sk: `${companyItemPrefix.metric}${platform}#${day}`,
  }),
  /**
   * A published post's latest figures, sorted by platform and publish time: a platform's posts of
   * a period are one BETWEEN query (top posts), all of them one begins_with query (best times).
   */
  postFigures: (companyId: number, platform: string, publishedAt: string, postId: number): TableKey => ({
    pk: partition.company(companyId),
    sk: `${companyItemPrefix.postFigures}${platform}#${publishedAt}#${postId}`,
  }),
  /** A published post's readings over its first 30 days, by its id (the post page). */
  postReadings: (companyId: number, postId: number): TableKey => ({
    pk: partition.company(companyId),
    sk: `${companyItemPrefix.postReadings}${postId}`,
  }),
  /** A company's notice (a failed publish); ULID ids, so the partition's NOTIFICATION# items sort by time. */
  notification: (companyId: number, id: string): TableKey => ({
    pk: partition.company(companyId),
    sk: `NOTIFICATION#${id}`,
  }),
  /** Whether the company's posts need approval before they are scheduled (approvals/). */
  approvalSettings: (companyId: number): TableKey => ({ pk: partition.company(companyId), sk: 'APPROVAL_SETTINGS' }),
  /** An outside reviewer's link to one post, by the SHA-256 of its secret. */
  approvalLink: (companyId: number, secretHash: string): TableKey => ({
    pk: partition.company(companyId),
    sk: `APPROVAL_LINK#${secretHash}`,
  }),
  /** A CSV import of posts, by the hash of its file, zone and action (imports/import-entity.ts). */
  postImport: (companyId: number, importId: string): TableKey => ({
    pk: partition.company(companyId),
    sk: `${companyItemPrefix.postImport}${importId}`,
  }),
  /** An RSS or Atom feed the company turns into drafts; ULID ids. */
  feed: (companyId: number, feedId: string): TableKey => ({
    pk: partition.company(companyId),
    sk: `${companyItemPrefix.feed}${feedId}`,
  }),
  /** One feed entry already turned into drafts, by the SHA-256 of its GUID (or link): never twice. */
  feedEntry: (companyId: number, feedId: string, entryHash: string): TableKey => ({
    pk: partition.company(companyId),
    sk: `${companyItemPrefix.feedEntry}${feedId}#${entryHash}`,
  }),
  /** A public-API key, found by the SHA-256 of the key a caller sends (listed per company on GSI2). */
  apiKey: (keyHash: string): TableKey => ({ pk: `APIKEY#${keyHash}`, sk: 'APIKEY' }),
  /** The draft made from one of the calendar's audit ideas, by the idea's id (calendar/suggestion-drafts.ts). */
  suggestionDraft: (companyId: number, suggestionId: string): TableKey => ({
    pk: partition.company(companyId),
    sk: `${companyItemPrefix.suggestionDraft}${suggestionId}`,
  }),
  /** A company's outgoing webhook; ULID ids. */
  webhook: (companyId: number, webhookId: string): TableKey => ({
    pk: partition.company(companyId),
    sk: `${companyItemPrefix.webhook}${webhookId}`,
  }),
  /** A company's posting queue: its time zone and slots per platform and weekday (queue/). */
  queueSettings: (companyId: number): TableKey => ({
    pk: partition.company(companyId),
    sk: `${companyItemPrefix.queue}SETTINGS`,
  }),
  /**
   * One queue slot taken by a post, by platform and instant: written on condition in the same
   * transaction as the post's scheduled time, so two posts never take one slot.
   */
  queueSlot: (companyId: number, platform: string, at: string): TableKey => ({
    pk: partition.company(companyId),
    sk: `${companyItemPrefix.queueSlot}${platform}#${at}`,
  }),
  /** One event sent (or to be sent) to one webhook; ULID ids, so a webhook's deliveries sort by time. */
  webhookDelivery: (companyId: number, webhookId: string, deliveryId: string): TableKey => ({
    pk: partition.company(companyId),
    sk: `${companyItemPrefix.webhookDelivery}${webhookId}#${deliveryId}`,
  }),
};

/** Sort-key prefixes of the items in a company's partition, for begins_with queries. */
export const companyItemPrefix = {
  member: 'MEMBER#',
  invite: 'INVITE#',
  icp: 'ICP#',
  subscription: 'SUBSCRIPTION',
  invoice: 'INVOICE#',
  post: 'POST#',
  marketingPlan: 'MARKETING_PLAN',
  seoKeywords: 'SEO_KEYWORDS',
  demoHistory: 'DEMO_HISTORY',
  metricsWatch: 'METRICS_WATCH',
  /** Audits, the running-audit lock and the audit settings. */
  audit: 'AUDIT',
  auditRun: 'AUDIT#',
  auditShare: 'AUDITSHARE#',
  media: 'MEDIA#',
  integration: 'INTEGRATION#',
  notification: 'NOTIFICATION#',
  /** The approval setting and the review links. */
  approval: 'APPROVAL_',
  postImport: 'IMPORT#',
  feed: 'FEED#',
  feedEntry: 'FEEDENTRY#',
  webhook: 'WEBHOOK#',
  webhookDelivery: 'WEBHOOKDELIVERY#',
  suggestionDraft: 'SUGGESTIONDRAFT#',
  /** The queue's settings and its taken slots. */
  queue: 'QUEUE#',
  /** Taken queue slots: `QUEUE#SLOT#<platform>#<ISO instant>`. */
  queueSlot: 'QUEUE#SLOT#',
  /** Audience figures per platform and day: `METRIC#<platform>#<YYYY-MM-DD>`. */
  metric: 'METRIC#',
  /** A published post's latest figures, by platform and publish time: `POSTFIG#<platform>#<publishedAt>#<postId>`. */
  postFigures: 'POSTFIG#',
  /** A published post's readings over its first 30 days: `POSTDAYS#<postId>`. */
  postReadings: 'POSTDAYS#',
};

/**
 * Secondary index keys. GSI1: lookups by another identity (a user's companies and sessions,
 * an invite by its token hash, due schedules). GSI2: a company's items of one kind by date
 * (`COMPANY#<id>#<KIND>`, ISO time): jobs now; posts, media, metrics and audits as they come.
 */
export const index = {
  userCompany: (userId: number, companyId: number) => ({
    gsi1pk: partition.user(userId),
    gsi1sk: `COMPANY#${companyId}`,
  }),
  userSession: (userId: number, tokenHash: string) => ({
    gsi1pk: partition.user(userId),
    gsi1sk: `SESSION#${tokenHash}`,
  }),
  inviteToken: (tokenHash: string) => ({ gsi1pk: `INVITETOKEN#${tokenHash}`, gsi1sk: 'INVITE' }),
  dueSchedule: (at: string, name: string) => ({ gsi1pk: 'SCHEDULE', gsi1sk: `${at}#${name}` }),
  /** The embedded runtime's schedules by name, for a company's prefix (EventBridge lists them itself). */
  scheduleByName: (name: string) => ({ gsi2pk: 'SCHEDULES', gsi2sk: name }),
  companyByDate: (companyId: number, kind: string, isoTime: string, id: string | number) => ({
    gsi2pk: companyCollection(companyId, kind),
    gsi2sk: `${isoTime}#${id}`,
  }),
  /**
   * GSI3, sparse: a post on its way to a platform (Publish Now asked, scheduled, in progress), by
   * the time the sweeper should look at it if nothing else has moved it on. Spread over
   * WATCH_SHARDS partitions by company, so no one key takes every company's writes.
   */
  postWatch: (companyId: number, postId: number, watchAt: string) => ({
    gsi3pk: postWatchPartition(companyId % WATCH_SHARDS),
    gsi3sk: `${watchAt}#${companyId}#${postId}`,
  }),
  /**
   * GSI3, sparse: a company's daily report collection, by the time its chain of one-time
   * schedules should have run again; the metrics sweeper re-arms a chain that died.
   */
  metricsWatch: (companyId: number, watchAt: string) => ({
    gsi3pk: metricsWatchPartition(companyId % WATCH_SHARDS),
    gsi3sk: `${watchAt}#${companyId}`,
  }),
  /**
   * GSI3, sparse: a webhook delivery still to be made, by the time its next attempt is due; the
   * webhook sweeper starts the attempts whose time has come (or whose run died).
   */
  webhookWatch: (companyId: number, deliveryId: string, watchAt: string) => ({
    gsi3pk: webhookWatchPartition(companyId % WATCH_SHARDS),
    gsi3sk: `${watchAt}#${companyId}#${deliveryId}`,
  }),
  /**
   * GSI3, sparse: a feed, by the time its chain of one-time poll schedules should have run
   * again; the feed sweeper re-arms a chain that died.
   */
  feedWatch: (companyId: number, feedId: string, watchAt: string) => ({
    gsi3pk: feedWatchPartition(companyId % WATCH_SHARDS),
    gsi3sk: `${watchAt}#${companyId}#${feedId}`,
  }),
  /** A company's posts of one status by date (scheduled soonest first, published newest first). */
  companyPostsByStatus: (companyId: number, status: string, isoTime: string, postId: number) => ({
    gsi1pk: `${companyCollection(companyId, 'POST')}#${status}`,
    gsi1sk: `${isoTime}#${postId}`,
  }),
};

export const WATCH_SHARDS = 8;
export const postWatchPartition = (shard: number) => `POSTWATCH#${shard}`;
export const metricsWatchPartition = (shard: number) => `METRICSWATCH#${shard}`;
export const webhookWatchPartition = (shard: number) => `WEBHOOKWATCH#${shard}`;
export const feedWatchPartition = (shard: number) => `FEEDWATCH#${shard}`;

/** The GSI2 partition of one kind of a company's items. */
export const companyCollection = (companyId: number, kind: string) => `${partition.company(companyId)}#${kind}`;

/** GSI1 sort-key prefixes under a user's partition. */
export const userIndexPrefix = { company: 'COMPANY#', session: 'SESSION#' };
