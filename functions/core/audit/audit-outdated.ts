import type { AuditSettings } from '@shared/schemas/seo';
import type { AuditItem } from './audit-entity';
import { crawlAddress } from './company-website';
import { crawlSettings } from './crawl/crawl-policy';

/**
 * Settings that do not change what an audit finds: who is mailed, whom the site is compared
 * with, how fast the crawler asks (held by the site's ownership, not by the user alone), and
 * what this runtime can render.
 */
const NOT_SHAPING = [
  'notificationEmails',
  'competitors',
  'requestsPerSecond',
  'concurrency',
  'renderingAvailable',
] as const satisfies readonly (keyof AuditSettings)[];

/** The settings' fields that shape an audit's findings, in one order, for comparing two of them. */
function shaping(settings: AuditSettings): string {
  const ignored = new Set<string>(NOT_SHAPING);
  // The uploaded list counts only while the list is a source of URLs.
  if (!settings.listSource) ignored.add('urlList');
  // An empty list is the same setting as none (settings saved before a list field existed have none).
  const fields = Object.entries<unknown>(settings).filter(
    ([key, value]) => !ignored.has(key) && value !== undefined && !(Array.isArray(value) && value.length === 0),
  );
  return JSON.stringify(fields.sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Why the reported audit no longer matches the company's site (spec 02 §4 "outdated (restart
 * needed)"), or null: the website it crawled is not the company's now, or the settings the next
 * audit would run with (as the ownership of the site holds them, crawl-policy.ts) differ from
 * its own in what they make it find.
 */
export function outdatedBy(
  reported: Pick<AuditItem, 'website' | 'settings'>,
  now: { website: string; settings: AuditSettings; ownsSite: boolean },
): 'website' | 'settings' | null {
  // Compared as crawl addresses: 'https://a.example' and 'https://a.example/' are one site.
  const site = (website: string) => crawlAddress(website) ?? website;
  if (site(reported.website) !== site(now.website)) return 'website';
  return shaping(reported.settings) === shaping(crawlSettings(now.settings, now.ownsSite)) ? null : 'settings';
}
