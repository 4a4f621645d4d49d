import { z } from 'zod/mini';
import { messages } from '../messages';
import { SEO_THRESHOLDS as T } from '../seo-thresholds';

/**
 * The website audit's settings (spec 02 §3 "Audit" settings, §5 "Audit settings", §9 limits).
 * One schema for the API and the settings form, so a rule and its sentence are written once.
 */

const RULE_MAX_LENGTH = 2048;
/** Spec 02 §9: at most 5 competitors. */
export const MAX_COMPETITORS = 5;
const MAX_RULES = 50;
const MAX_NOTIFICATION_EMAILS = 10;
/** The uploaded list of URLs (spec 02 §5): sent as the request body, so it stays small. */
export const URL_LIST_MAX_BYTES = 200 * 1024;
export const URL_LIST_MAX_URLS = 1000;

/**
 * Sites whose owners do not allow audits by others' crawlers (spec 02 §8 "scan exclusion list").
 * A host on it, or under it, is refused as a competitor and as a company's audited site.
 */
const SCAN_EXCLUSIONS = [
  'google.com',
  'facebook.com',
  'instagram.com',
  'linkedin.com',
  'twitter.com',
  'x.com',
  'youtube.com',
  'amazon.com',
  'wikipedia.org',
] as const;

export function onScanExclusionList(host: string): boolean {
  const bare = host.toLowerCase().replace(/^www\./, '');
  return SCAN_EXCLUSIONS.some((excluded) => bare === excluded || bare.endsWith(`.${excluded}`));
}

/** Spec 02 §5 and §8's sentences; those the spec names but does not word are written for a site owner. */
export const auditSettingsMessages = {
  prefixInvalid: messages.auditPrefixInvalid,
  ruleTooLong: 'Maximum Rule length of 2048 chars exceeded',
  ruleRegex: 'The rule is not a valid regular expression. Escape special characters with \\ (for example \\?).',
  ruleConflict: 'Cannot create Rule',
  duplicate: 'Such Url already exists',
  invalidUrl: 'Invalid URL',
  invalidDomain: 'Invalid domain',
  email: 'Enter correct email',
  tooManyCompetitors: `You can add up to ${MAX_COMPETITORS} competitors`,
  tooManyRules: `You can add up to ${MAX_RULES} rules`,
  tooManyEmails: `You can add up to ${MAX_NOTIFICATION_EMAILS} email addresses`,
  scanExcluded: 'This website is on our scan exclusion list and cannot be audited',
  userAgentInvalid: 'Enter a user agent of 1 to 200 characters.',
  loginInvalid: 'Enter a login of up to 200 characters, without a colon.',
  passwordInvalid: 'Enter a password of up to 200 characters.',
  passwordWithoutLogin: 'Enter the login that goes with this password.',
  parameterInvalid: 'Enter a parameter name: letters, digits, - _ . [ ] only, up to 100 characters.',
  minAboveMax: 'The maximum cannot be less than the minimum.',
  feedbackTooLong: 'Keep your feedback under 2000 characters.',
  between: (min: number, max: number) => `Enter a whole number from ${min} to ${max}.`,
  rate: 'Enter a number of requests per second from 0.1 to 500.',
  file: {
    type: 'File error: upload a TXT or CSV file with one URL per line.',
    tooLarge: `File error: the file is larger than ${URL_LIST_MAX_BYTES / 1024} KB.`,
    tooMany: `File error: the file lists more than ${URL_LIST_MAX_URLS} URLs.`,
    empty: 'File error: the file lists no URLs.',
    invalid: (line: number) => `Line ${line}: Invalid URL`,
    foreign: (line: number, host: string) =>
      `Line ${line}: ${host} is not your website. The file may only list links to your site.`,
    noWebsite: messages.websiteNotRegistered,
  },
} as const;

const M = auditSettingsMessages;

/** A whole number in a range, with one sentence for every way it can be wrong. */
const whole = (min: number, max: number, fallback: number) =>
  z._default(
    z
      .number({ error: M.between(min, max) })
      .check(z.int(M.between(min, max)), z.gte(min, M.between(min, max)), z.lte(max, M.between(min, max))),
    fallback,
  );

/**
 * Nested quantifiers ("(a+)+") can take exponential time on a long path; the crawler runs every
 * rule against every URL it meets, so such a rule is refused as not valid.
 */
const NESTED_QUANTIFIER = /\([^)]*[+*}][^)]*\)\s*[+*{]/;

/** A rule's path as the crawler compiles it: a regular expression matched from the path's start. */
export function ruleRegExp(rule: string): RegExp {
  return new RegExp(`^${rule}`);
}

function compiles(rule: string): boolean {
  if (NESTED_QUANTIFIER.test(rule)) return false;
  try {
    ruleRegExp(rule);
    return true;
  } catch {
    return false;
  }
}

/**
 * A list of at most `max` items. zod stops the whole object at a list whose leading size check
 * fails, so the rules across fields would not run; the limit is checked after the items instead,
 * and every message shows at once. The leading cap, far above the limit, still keeps a huge body
 * from being parsed item by item.
 */
const listOf = <T extends z.ZodMiniType>(item: T, max: number, message: string) =>
  z.array(item).check(
    z.maxLength(max * 10, message),
    z.refine((items) => items.length <= max, { message, when: (payload) => Array.isArray(payload.value) }),
  );

/**
 * Spec 02 §5: a URL rule (allow, disallow, hide) is a path that starts and ends with /, at most
 * 2048 characters, read as a regular expression ("/blog/.+/amp/").
 */
const urlRuleField = z.string({ error: M.prefixInvalid }).check(
  z.trim(),
  z.maxLength(RULE_MAX_LENGTH, M.ruleTooLong),
  z.refine((path) => path.length > 0 && path.startsWith('/') && path.endsWith('/'), M.prefixInvalid),
  z.refine((path) => path.length > RULE_MAX_LENGTH || compiles(path), M.ruleRegex),
);
const ruleList = z._default(listOf(urlRuleField, MAX_RULES, M.tooManyRules), []);

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;
const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A domain as people type it: "cdn.example.com", or with a scheme or path, which are dropped. */
const domainField = z
  .pipe(
    z.string({ error: M.invalidDomain }).check(z.trim(), z.toLowerCase()),
    z.transform((value) =>
      value
        .replace(/^[a-z]+:\/\//, '')
        .replace(/[/?#].*$/, '')
        .replace(/^www\./, ''),
    ),
  )
  .check(z.refine((host) => HOST.test(host), M.invalidDomain));

/** A web address with a scheme and a real host name. */
export function parseSiteUrl(value: string): URL | undefined {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    const host = url.hostname.toLowerCase();
    if (!(HOST.test(host) || IPV4.test(host)) || url.username || url.password) return undefined;
    return url;
  } catch {
    return undefined;
  }
}

const competitorField = z.string({ error: M.invalidUrl }).check(
  z.trim(),
  z.maxLength(RULE_MAX_LENGTH, M.invalidUrl),
  z.refine((value) => parseSiteUrl(value) !== undefined, M.invalidUrl),
  z.refine((value) => {
    const url = parseSiteUrl(value);
    return !url || !onScanExclusionList(url.hostname);
  }, M.scanExcluded),
);

const emailItem = z
  .string({ error: M.email })
  .check(z.trim(), z.toLowerCase(), z.maxLength(254, M.email), z.email({ error: M.email }));

/** The first repeat of each value in a list is reported on its own index. */
function duplicates(values: readonly string[], key: (value: string) => string = (v) => v): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  values.forEach((value, index) => {
    const k = key(value);
    if (seen.has(k)) repeated.push(index);
    seen.add(k);
  });
  return repeated;
}

const settingsFields = {
  /** Spec 02 §9: scan limits apply per site and per account. */
  maxPages: whole(1, 100_000, 1000),
  maxDepth: whole(0, 100, 10),
  /** Open connections per host. */
  concurrency: whole(1, 64, 8),
  /** Requests per second per host (spec: the optimal rate is 500). */
  requestsPerSecond: z._default(z.number({ error: M.rate }).check(z.gte(0.1, M.rate), z.lte(500, M.rate)), 20),
  maxRedirects: whole(0, 10, 5),
  maxPageBytes: z._default(
    z
      .number({ error: M.between(65_536, 20_971_520) })
      .check(
        z.int(M.between(65_536, 20_971_520)),
        z.gte(64 * 1024, M.between(65_536, 20_971_520)),
        z.lte(20 * 1024 * 1024, M.between(65_536, 20_971_520)),
      ),
    5 * 1024 * 1024,
  ),
  /** Length and count thresholds of the checks (spec 02 §9's figures by default). */
  titleMin: whole(1, 500, T.titleMin),
  titleMax: whole(1, 500, T.titleMax),
  descriptionMin: whole(1, 1000, T.descriptionMin),
  descriptionMax: whole(1, 1000, T.descriptionMax),
  h1Max: whole(1, 500, T.h1Max),
  minWords: whole(0, 10_000, T.minWords),
  maxLinks: whole(1, 10_000, T.maxLinks),
  /** A page with fewer outgoing links is a dead end; with fewer incoming ones (but some), weakly linked. */
  minOutlinks: whole(0, 100, 1),
  minInlinks: whole(0, 100, 2),
  followRobots: z._default(z.boolean(), true),
  userAgent: z.optional(
    z.string().check(z.trim(), z.minLength(1, M.userAgentInvalid), z.maxLength(200, M.userAgentInvalid)),
  ),
  /** Basic-auth login of a site behind a password; the password is write-only (basicAuthPassword). */
  basicAuthLogin: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(200, M.loginInvalid),
      z.refine((v) => !v.includes(':'), M.loginInvalid),
    ),
  ),
  /** Query parameters dropped from every URL before it is crawled ("utm_source", "sessionid"). */
  ignoreUrlParameters: z._default(
    listOf(
      z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_.\-[\]]{1,100}$/, M.parameterInvalid)),
      MAX_RULES,
      M.tooManyRules,
    ),
    [],
  ),
  allowPrefixes: ruleList,
  disallowPrefixes: ruleList,
  /** Crawled and followed, but left out of the report. */
  hidePrefixes: ruleList,
  /** Links to these domains (and their subdomains) are not checked. */
  ignoredExternalDomains: z._default(listOf(domainField, 100, M.tooManyRules), []),
  /** Who else hears when an audit is ready. */
  notificationEmails: z._default(listOf(emailItem, MAX_NOTIFICATION_EMAILS, M.tooManyEmails), []),
  competitors: z._default(listOf(competitorField, MAX_COMPETITORS, M.tooManyCompetitors), []),
  /** Spec 02 §9: versions 1.0 and 2.0. */
  version: z._default(z.enum(['1.0', '2.0']), '2.0'),
  /** Sources of pages besides the site's own links (always followed from its home page). */
  includeSubdomains: z._default(z.boolean(), false),
  sitemapSource: z._default(z.boolean(), true),
  listSource: z._default(z.boolean(), false),
  /** Spec 02 §3 "JS rendering": pages rendered in headless Chromium, where the runtime has one. */
  renderJavaScript: z._default(z.boolean(), false),
  /** What the crawler presents itself as: viewport and user agent (and the lab Core Web Vitals' device). */
  // AUDIT_DEVICES of ./web-vitals, written out so the settings' chunk does not share one with the overview's.
  device: z._default(z.enum(['desktop', 'mobile']), 'desktop'),
  /**
   * Checks turned off (spec 02 §4: disabled in the audit settings, from the next audit). Left
   * out of a save, the saved list stays: a form that does not show it cannot clear it.
   */
  // Check ids are checked against the catalogue by the server (save-audit-settings.ts), so the
  // web's bundle does not carry the catalogue for this.
  disabledChecks: z.optional(
    z.array(z.string().check(z.regex(/^[a-z0-9-]{1,60}$/, 'This check does not exist.'))).check(z.maxLength(200)),
  ),
};

type Issue = { path: (string | number)[]; message: string };

/** The rules across fields: repeats, a rule both allowed and disallowed, a minimum above its maximum. */
function crossFieldIssues(value: Record<string, unknown>): Issue[] {
  // Run even when some fields failed, so every message shows at once: only what parsed is compared.
  const list = (name: string) => {
    const items = value[name];
    return Array.isArray(items) ? items.map((item) => (typeof item === 'string' ? item : '')) : [];
  };
  const num = (name: string) => (typeof value[name] === 'number' ? value[name] : Number.NaN);
  const s = {
    allowPrefixes: list('allowPrefixes'),
    disallowPrefixes: list('disallowPrefixes'),
    hidePrefixes: list('hidePrefixes'),
    ignoredExternalDomains: list('ignoredExternalDomains'),
    notificationEmails: list('notificationEmails'),
    competitors: list('competitors'),
    ignoreUrlParameters: list('ignoreUrlParameters'),
    titleMin: num('titleMin'),
    titleMax: num('titleMax'),
    descriptionMin: num('descriptionMin'),
    descriptionMax: num('descriptionMax'),
  };
  const issues: Issue[] = [];
  const lists = [
    'allowPrefixes',
    'disallowPrefixes',
    'hidePrefixes',
    'ignoredExternalDomains',
    'notificationEmails',
    'ignoreUrlParameters',
  ] as const;
  for (const name of lists)
    for (const index of duplicates(s[name])) issues.push({ path: [name, index], message: M.duplicate });
  const site = (value: string) => parseSiteUrl(value)?.hostname.replace(/^www\./, '') ?? value;
  for (const index of duplicates(s.competitors, site))
    issues.push({ path: ['competitors', index], message: M.duplicate });
  const allowed = new Set(s.allowPrefixes);
  s.disallowPrefixes.forEach((rule, index) => {
    if (allowed.has(rule)) issues.push({ path: ['disallowPrefixes', index], message: M.ruleConflict });
  });
  if (s.titleMin > s.titleMax) issues.push({ path: ['titleMax'], message: M.minAboveMax });
  if (s.descriptionMin > s.descriptionMax) issues.push({ path: ['descriptionMax'], message: M.minAboveMax });
  return issues;
}

const isObject = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

const withCrossFieldRules = () =>
  z.superRefine<Record<string, unknown>>(
    (value, ctx) => {
      for (const issue of crossFieldIssues(value)) ctx.addIssue({ code: 'custom', input: value, ...issue });
    },
    { when: isObject },
  );

/** A file of URLs the crawler starts from (spec 02 §3 "source of pages"), as the settings show it. */
export const urlListSummarySchema = z.object({
  fileName: z.string(),
  count: z.number(),
  uploadedAt: z.string(),
});
export type UrlListSummary = z.infer<typeof urlListSummarySchema>;

/** GET/PUT /api/seo/audit/settings answer: the settings, with a password shown only as set or not. */
export const auditSettingsSchema = z
  .object({
    ...settingsFields,
    basicAuthPasswordSet: z._default(z.boolean(), false),
    /** Whether this runtime can render JavaScript (it has Chromium); without, the crawl reads HTML. */
    renderingAvailable: z._default(z.boolean(), false),
    urlList: z.optional(urlListSummarySchema),
  })
  .check(withCrossFieldRules(), z.meta({ title: 'AuditSettings' }));
export type AuditSettings = z.output<typeof auditSettingsSchema>;

/**
 * PUT /api/seo/audit/settings body. The password is write-only: left out, the saved one stays;
 * an empty one (or an empty login) removes it. Feedback goes with a switch back to version 1.0.
 */
export const auditSettingsInputSchema = z
  .object({
    ...settingsFields,
    basicAuthPassword: z.optional(z.string().check(z.maxLength(200, M.passwordInvalid))),
    versionFeedback: z.optional(z.string().check(z.trim(), z.maxLength(2000, M.feedbackTooLong))),
  })
  .check(
    withCrossFieldRules(),
    z.superRefine<Record<string, unknown>>(
      (value, ctx) => {
        if (value.basicAuthPassword && !value.basicAuthLogin)
          ctx.addIssue({ code: 'custom', input: value, path: ['basicAuthLogin'], message: M.passwordWithoutLogin });
      },
      { when: isObject },
    ),
    z.meta({ title: 'AuditSettingsInput' }),
  );
export type AuditSettingsInput = z.output<typeof auditSettingsInputSchema>;

/** PUT /api/seo/audit/url-list: a TXT or CSV file of URLs, one a line, read by the browser. */
export const urlListUploadSchema = z
  .object({
    fileName: z.string().check(z.trim(), z.minLength(1, M.file.type), z.maxLength(255, M.file.type)),
    text: z.string().check(z.maxLength(URL_LIST_MAX_BYTES, M.file.tooLarge)),
  })
  .check(z.meta({ title: 'UrlListUpload' }));
