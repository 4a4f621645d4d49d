import type { PropHistory } from '@shared/schemas/seo';
import type { SeoCheckId } from '@shared/seo-checks';
import type { IssueEntry } from '../report/audit-analysis';
import { CrawlState, FLAG } from '../crawl/crawl-state';
import { SITE_CHECKS } from './site-checks';

/**
 * Checks decided from a URL's answer alone (its status, its address, robots.txt, the sitemap):
 * any page the crawl fetched or was refused was checked for them. Every other page-level check
 * reads the page itself, so only an HTML page that answered 200 was checked for it.
 */
const ANSWER_CHECKS = new Set<string>([
  'http-4xx',
  'http-5xx',
  'timeout',
  'fetch-failed',
  'html-too-large',
  'blocked-by-robots',
  'redirect',
  'redirect-chain',
  'redirect-loop',
  'redirect-temporary',
  'redirect-permanent',
  'url-too-long',
  'url-long',
  'url-underscores',
  'url-bad-characters',
  'url-many-params',
  'sitemap-non-200',
  'sitemap-not-indexable',
  'sitemap-blocked',
]);
const SITE_WIDE = new Set<string>(SITE_CHECKS.map((check) => check.id));

/** Whether an audit looked at a URL for a check: what "new" and "fixed" are measured against. */
export interface CheckedPages {
  checked(check: SeoCheckId, url: string): boolean;
}

/** The pages a crawl checked, from its saved state. */
export function checkedPagesOf(state: CrawlState): CheckedPages {
  return {
    checked(check, url) {
      if (SITE_WIDE.has(check)) return true;
      const id = state.idOf(url);
      if (id === undefined || state.has(id, FLAG.resource | FLAG.external)) return false;
      if (ANSWER_CHECKS.has(check)) return state.has(id, FLAG.fetched | FLAG.blocked);
      return state.has(id, FLAG.html) && state.status(id) === 200;
    },
  };
}

/** For an audit whose crawl is not kept (a demo's): every URL counts as checked. */
export const everyPageChecked: CheckedPages = { checked: () => true };

/** One check's issues in an audit: each URL with what is behind it, the new ones marked, and the URLs fixed since the audit before. */
export interface IssueHistory {
  entries: (IssueEntry & { new?: true })[];
  fixed: string[];
}

/**
 * One check's change between two audits (issue statuses new and fixed, spec 02 §4), page by
 * page: an issue is new when its page was checked the time before and did not have it, and
 * fixed when its page was checked this time and no longer has it. A page that broke (a 404
 * now) has not fixed its missing description, and a page the crawl had not reached before
 * has no new issues, only current ones. The first audit has nothing new or fixed.
 */
export function compareIssue(
  check: SeoCheckId,
  now: readonly IssueEntry[],
  previous?: { urls: readonly string[]; checked: CheckedPages },
  current?: CheckedPages,
): { history: IssueHistory; counts: PropHistory } {
  if (!previous || !current) {
    return { history: { entries: [...now], fixed: [] }, counts: { prev: 0, now: now.length, new: 0, fixed: 0 } };
  }
  const before = new Set(previous.urls);
  const after = new Set(now.map((entry) => entry.url));
  const entries = now.map((entry) =>
    !before.has(entry.url) && previous.checked.checked(check, entry.url) ? { ...entry, new: true as const } : entry,
  );
  const fixed = [...before].filter((url) => !after.has(url) && current.checked(check, url));
  return {
    history: { entries, fixed },
    counts: { prev: before.size, now: after.size, new: entries.filter((e) => 'new' in e).length, fixed: fixed.length },
  };
}
