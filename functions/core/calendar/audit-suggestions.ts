import { createHash } from 'node:crypto';
import {
  MAX_SUGGESTIONS,
  suggestionMessages,
  type Suggestion,
  type SuggestionKind,
} from '@shared/schemas/calendar-suggestions';
import type { PageRow } from '@shared/schemas/seo-audit';
import type { SeoCheckId } from '@shared/seo-checks';
import { SEO_THRESHOLDS } from '@shared/seo-thresholds';
import type { AuditItem } from '../audit/audit-entity';
import { loadAuditView, loadIssueUrls } from '../audit/audit-objects';
import { latestFinished, recentAudits } from '../audit/audit-store';
import type { StoredKeyword } from '../keywords/keyword-entity';
import { getKeywords } from '../keywords/keyword-store';

/**
 * The calendar's post ideas from the company's latest finished website audit: pages the audit
 * counted as thin (`low-word-count`), pages without a meta description (`description-missing`),
 * and saved SEO keywords that no crawled page has in its title, H1 or meta description. Read from
 * what the audit stored (its issue lists and its crawled-pages view), never by crawling again.
 */

/** An idea before the link to its draft is looked up. */
export type Idea = Omit<Suggestion, 'postId'> & {
  /** What the draft's outline needs beyond the idea's texts. */
  page?: { path: string; topic: string; words?: number };
  volume?: number;
};

export interface AuditIdeas {
  audit: AuditItem | undefined;
  ideas: Idea[];
}

/** Of the cap, at most this many of one kind while another kind has ideas left: a mixed dozen. */
const PER_KIND = 4;
/** Keyword gaps bring new searches, thin pages hold back pages people already find, a description helps a page already ranking. */
const KIND_ORDER: SuggestionKind[] = ['keyword-gap', 'thin-page', 'missing-description'];

/** Stable across audits and requests: the same page or keyword is the same idea. */
export const suggestionId = (kind: SuggestionKind, subject: string) =>
  `${kind}-${createHash('sha256').update(subject).digest('hex').slice(0, 16)}`;

const pathOf = (url: string) => {
  try {
    const { pathname, search } = new URL(url);
    return pathname + search;
  } catch {
    return url;
  }
};

/** What a page is about in a few words: its H1, else its title before the site's name. */
function topicOf(page: PageRow | undefined, path: string): string {
  const fromTitle = page?.title?.split(/\s[|–—-]\s/)[0]?.trim();
  return page?.h1?.trim() || fromTitle || path;
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A word of the keyword is in the text as it is or as its plural or singular ("cake", "cakes"). */
const hasWord = (words: Set<string>, word: string) =>
  words.has(word) || words.has(`${word}s`) || (word.endsWith('s') && words.has(word.slice(0, -1)));

/** A page targets a keyword when its title, H1 or meta description holds every word of it. */
export function pageTargets(page: Pick<PageRow, 'title' | 'h1' | 'description'>, keyword: string): boolean {
  const needed = wordsOf(keyword);
  if (!needed.length) return false;
  return [page.title, page.h1, page.description].some((field) => {
    if (!field) return false;
    const words = new Set(wordsOf(field));
    return needed.every((word) => hasWord(words, word));
  });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** The ideas of each kind, each list most valuable first. */
export function ideasFrom(input: {
  pages: PageRow[];
  thinUrls: string[];
  undescribedUrls: string[];
  keywords: StoredKeyword[];
}): Record<SuggestionKind, Idea[]> {
  const byUrl = new Map(input.pages.map((p) => [p.url, p]));
  // The pages the site links to most are the ones it counts on; fewer words is a thinner page.
  const rank = (a: PageRow | undefined, b: PageRow | undefined) =>
    (b?.inlinks ?? 0) - (a?.inlinks ?? 0) || (a?.words ?? 0) - (b?.words ?? 0);
  const sortedUrls = (urls: string[]) =>
    [...new Set(urls)].sort((a, b) => rank(byUrl.get(a), byUrl.get(b)) || a.localeCompare(b));

  const thin = sortedUrls(input.thinUrls).map((url): Idea => {
    const page = byUrl.get(url);
    const path = pathOf(url);
    const words = page?.words;
    const counted = words === undefined ? 'fewer words' : plural(words, 'word');
    return {
      id: suggestionId('thin-page', url),
      kind: 'thin-page',
      title: `Expand your thin page ${path}`,
      why: `The audit counted ${counted} on ${path}, under the ${SEO_THRESHOLDS.minWords} a page needs to answer a searcher's question${page?.inlinks ? `, and ${plural(page.inlinks, 'page')} of your site link${page.inlinks === 1 ? 's' : ''} to it` : ''}. A blog article on its topic gives you the substance to add back to the page.`,
      url,
      keyword: null,
      format: 'blog',
      page: { path, topic: topicOf(page, path), ...(words === undefined ? {} : { words }) },
    };
  });

  const undescribed = sortedUrls(input.undescribedUrls).map((url): Idea => {
    const page = byUrl.get(url);
    const path = pathOf(url);
    return {
      id: suggestionId('missing-description', url),
      kind: 'missing-description',
      title: `Share ${path} with a summary in your own words`,
      why: `${path} has no meta description, so search results and shared links show whatever text the search engine picks. A social post that sums the page up sends people to it, and the same summary makes its description.`,
      url,
      keyword: null,
      format: 'social',
      page: { path, topic: topicOf(page, path) },
    };
  });

  const gaps = [...input.keywords]
    .filter((k) => !input.pages.some((page) => pageTargets(page, k.keyword)))
    .sort((a, b) => b.volume - a.volume || a.keyword.localeCompare(b.keyword))
    .map((k): Idea => ({
      id: suggestionId('keyword-gap', k.keyword.trim().toLowerCase()),
      kind: 'keyword-gap',
      title: `Write about “${k.keyword}”`,
      why: `You saved “${k.keyword}” (about ${plural(k.volume, 'search', 'searches')} a month), but none of the ${plural(input.pages.length, 'page')} the audit crawled has it in its title, H1 or meta description. An article built around it gives searchers a page to find.`,
      url: null,
      keyword: k.keyword,
      format: 'blog',
      volume: k.volume,
    }));

  return { 'thin-page': thin, 'missing-description': undescribed, 'keyword-gap': gaps };
}

/** At most MAX_SUGGESTIONS, up to PER_KIND of each kind first, then the rest by kind; ordered by kind, then value. */
export function capIdeas(byKind: Record<SuggestionKind, Idea[]>, max = MAX_SUGGESTIONS): Idea[] {
  const taken = new Map<SuggestionKind, number>(KIND_ORDER.map((kind) => [kind, 0]));
  let room = max;
  for (const kind of KIND_ORDER) {
    const n = Math.min(PER_KIND, byKind[kind].length, room);
    taken.set(kind, n);
    room -= n;
  }
  for (const kind of KIND_ORDER) {
    const more = Math.min(byKind[kind].length - (taken.get(kind) ?? 0), room);
    taken.set(kind, (taken.get(kind) ?? 0) + more);
    room -= more;
  }
  return KIND_ORDER.flatMap((kind) => byKind[kind].slice(0, taken.get(kind)));
}

/** A check's flagged URLs, unless the audit found none or the company set the check aside in this audit. */
async function flagged(companyId: number, audit: AuditItem, check: SeoCheckId): Promise<string[]> {
  if (!audit.result?.checks[check]?.count || audit.ignored?.includes(check)) return [];
  return loadIssueUrls(companyId, audit.id, check);
}

/** The company's current ideas: from its latest finished audit, capped and ordered. */
export async function currentIdeas(companyId: number): Promise<AuditIdeas> {
  const audit = latestFinished(await recentAudits(companyId));
  if (!audit?.result) return { audit: undefined, ideas: [] };
  const [pages, thinUrls, undescribedUrls, keywords] = await Promise.all([
    loadAuditView<PageRow>(companyId, audit.id, 'pages'),
    flagged(companyId, audit, 'low-word-count'),
    flagged(companyId, audit, 'description-missing'),
    getKeywords(companyId),
  ]);
  // Pages that answered with content: a redirect or an error page targets nothing.
  const crawled = pages.rows.filter((p) => p.status === 200);
  const ideas = capIdeas(ideasFrom({ pages: crawled, thinUrls, undescribedUrls, keywords: keywords?.saved ?? [] }));
  return { audit, ideas };
}

/** Why the list is empty, when it is. */
export const emptyReason = ({ audit, ideas }: AuditIdeas) =>
  !audit ? suggestionMessages.noAudit : ideas.length ? null : suggestionMessages.nothingFound;
