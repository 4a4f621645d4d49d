import type { AuditSettings } from '@shared/schemas/seo';
import { CRAWLER_NAME, crawlerMobileUserAgentFor, crawlerUserAgentFor } from '@shared/audit-crawler';
import type { AuditDevice } from '@shared/web-vitals';
import { config } from '../../config';

/**
 * What the crawler may do to a site, by whether the company has proven it owns it
 * (site-ownership.ts). Any company can name any website, so for a site it has not proven, the
 * crawler is a polite stranger whatever the settings say: it obeys robots.txt as addressed to
 * our own name, says who it is, and asks slowly. A proven owner may raise the rate to the
 * spec's 500 requests a second, ignore robots.txt, or send the user agent of their choice.
 */

/** Always the product's name and a page about the crawler, as well-behaved crawlers do; a phone's for the mobile device. */
export const crawlerUserAgent = (device: AuditDevice = 'desktop') =>
  device === 'mobile' ? crawlerMobileUserAgentFor(config.appOrigin) : crawlerUserAgentFor(config.appOrigin);

/**
 * The name robots.txt groups are matched on: ours, or a proven owner's own user agent's
 * product token ("Googlebot/2.1 (+http://…)" → "Googlebot"); robots-parser compares only that.
 */
export function robotsToken(settings: Pick<AuditSettings, 'userAgent'>): string {
  const custom = settings.userAgent?.trim();
  const token = custom?.split(/[\s/;()]/)[0];
  return token || CRAWLER_NAME;
}

/** The ceiling for a site the company has not proven it owns. */
export const UNPROVEN_SITE_LIMITS = { requestsPerSecond: 5, concurrency: 4 } as const;

/** The settings an audit runs with: the company's, held to the stranger's limits unless it owns the site. */
export function crawlSettings(settings: AuditSettings, ownsSite: boolean): AuditSettings {
  if (ownsSite) return settings;
  const { userAgent: _ignored, ...rest } = settings;
  return {
    ...rest,
    followRobots: true,
    requestsPerSecond: Math.min(settings.requestsPerSecond, UNPROVEN_SITE_LIMITS.requestsPerSecond),
    concurrency: Math.min(settings.concurrency, UNPROVEN_SITE_LIMITS.concurrency),
  };
}
