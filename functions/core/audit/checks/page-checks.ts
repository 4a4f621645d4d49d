import type { SeoCheckId } from '@shared/seo-checks';
import { SEO_THRESHOLDS as T } from '@shared/seo-thresholds';
import type { PageFacts } from '../crawl/page-facts';

/** The figures the audit settings may change (spec 02 §3: length and count thresholds). */
export interface PageThresholds {
  titleMin: number;
  titleMax: number;
  descriptionMin: number;
  descriptionMax: number;
  h1Max: number;
  minWords: number;
  maxLinks: number;
  minOutlinks: number;
}

/** Spec 02 §9's figures, which the settings start from. */
export const DEFAULT_PAGE_THRESHOLDS: PageThresholds = {
  titleMin: T.titleMin,
  titleMax: T.titleMax,
  descriptionMin: T.descriptionMin,
  descriptionMax: T.descriptionMax,
  h1Max: T.h1Max,
  minWords: T.minWords,
  maxLinks: T.maxLinks,
  minOutlinks: 1,
};

/** A check that one HTML page answers by itself: true when the page has the issue. */
export interface PageCheck {
  id: SeoCheckId;
  test: (page: PageFacts, t?: PageThresholds) => boolean;
}

/** ISO 639-1 language, optional script or ISO 3166-1 region: en, en-GB, zh-Hant, es-419; or x-default. */
const HREFLANG = /^(x-default|[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?)$/i;
/** Regions people get wrong the most; the pattern alone would accept them. */
const NOT_REGIONS = new Set(['uk', 'eu', 'la']);
/** What error pages say in their title or main heading. */
const NOT_FOUND_TEXT =
  /\b(404|page not found|not found|page (does not|doesn't|no longer) exists?|no longer available|nothing (was )?found)\b/i;
const OPEN_GRAPH_BASICS = ['og:title', 'og:type', 'og:image', 'og:url'];

export function validHreflang(code: string): boolean {
  if (!HREFLANG.test(code)) return false;
  const region = /-([a-z]{2})$/i.exec(code)?.[1]?.toLowerCase();
  return !region || !NOT_REGIONS.has(region);
}

/**
 * The checks of spec 02 §9 and the reference catalogue that need nothing but the page itself.
 * Each is a small pure function; the table is the order the crawler runs them in.
 */
export const PAGE_CHECKS: readonly PageCheck[] = [
  { id: 'noindex', test: (p) => p.parsed.robots.noindex },
  { id: 'x-robots-noindex', test: (p) => p.xRobotsNoindex },
  { id: 'nosnippet', test: (p) => p.parsed.robots.nosnippet },
  { id: 'meta-in-body', test: (p) => p.parsed.metaInBody },
  { id: 'meta-refresh', test: (p) => p.parsed.metaRefresh },
  {
    id: 'soft-404',
    test: (p) => NOT_FOUND_TEXT.test(p.parsed.title ?? '') || NOT_FOUND_TEXT.test(p.parsed.h1 ?? ''),
  },

  { id: 'too-many-links', test: (p, t = DEFAULT_PAGE_THRESHOLDS) => p.outlinks > t.maxLinks },
  { id: 'nofollow-internal', test: (p) => p.nofollowInternal > 0 },
  { id: 'dead-end', test: (p, t = DEFAULT_PAGE_THRESHOLDS) => p.outlinks < Math.max(1, t.minOutlinks) },
  { id: 'empty-anchor', test: (p) => p.emptyAnchors > 0 },
  { id: 'vague-anchor', test: (p) => p.vagueAnchors > 0 },
  { id: 'http-link-on-https', test: (p) => p.https && p.httpLinks > 0 },
  { id: 'localhost-link', test: (p) => p.localhostLinks > 0 },
  { id: 'malformed-href', test: (p) => p.malformedLinks > 0 },

  { id: 'title-missing', test: (p) => !p.parsed.title },
  {
    id: 'title-short',
    test: (p, t = DEFAULT_PAGE_THRESHOLDS) => !!p.parsed.title && p.parsed.title.length < t.titleMin,
  },
  {
    id: 'title-long',
    test: (p, t = DEFAULT_PAGE_THRESHOLDS) => !!p.parsed.title && p.parsed.title.length > t.titleMax,
  },
  { id: 'title-multiple', test: (p) => p.parsed.titleCount > 1 },
  { id: 'description-missing', test: (p) => !p.parsed.description },
  {
    id: 'description-long',
    test: (p, t = DEFAULT_PAGE_THRESHOLDS) => (p.parsed.description?.length ?? 0) > t.descriptionMax,
  },
  {
    id: 'description-short',
    test: (p, t = DEFAULT_PAGE_THRESHOLDS) => !!p.parsed.description && p.parsed.description.length < t.descriptionMin,
  },
  { id: 'description-multiple', test: (p) => p.parsed.descriptionCount > 1 },
  {
    id: 'title-equals-h1',
    test: (p) => !!p.parsed.title && p.parsed.title.toLowerCase() === p.parsed.h1?.toLowerCase(),
  },

  { id: 'h1-missing', test: (p) => p.parsed.h1Count === 0 },
  { id: 'h1-multiple', test: (p) => p.parsed.h1Count > 1 },
  { id: 'h1-long', test: (p, t = DEFAULT_PAGE_THRESHOLDS) => (p.parsed.h1?.length ?? 0) > t.h1Max },
  { id: 'heading-order', test: (p) => p.parsed.headingOrderBroken },
  { id: 'h2-missing', test: (p) => p.parsed.h2Count === 0 },

  { id: 'low-word-count', test: (p, t = DEFAULT_PAGE_THRESHOLDS) => p.parsed.words < t.minWords },
  { id: 'low-text-ratio', test: (p) => p.bytes > 0 && p.parsed.textChars / p.bytes < T.minTextRatio },
  { id: 'html-too-large', test: (p) => p.bytes > T.maxHtmlBytes },
  { id: 'dom-too-large', test: (p) => p.parsed.domNodes > T.maxDomNodes },
  { id: 'duplicate-ids', test: (p) => p.parsed.duplicateIds },
  { id: 'no-viewport', test: (p) => !p.parsed.viewport },
  { id: 'no-charset', test: (p) => !p.parsed.charset && !p.headerCharset },
  { id: 'no-doctype', test: (p) => !p.parsed.doctype },
  { id: 'frames', test: (p) => p.parsed.frames },
  { id: 'no-lang', test: (p) => !p.parsed.lang },

  { id: 'structured-data-invalid', test: (p) => p.parsed.structuredData.invalid },
  { id: 'structured-data-incomplete', test: (p) => p.parsed.structuredData.missing.length > 0 },
  { id: 'og-missing', test: (p) => !OPEN_GRAPH_BASICS.every((tag) => p.parsed.openGraph.includes(tag)) },
  { id: 'twitter-card-missing', test: (p) => !p.parsed.twitterCard },

  { id: 'img-missing-alt', test: (p) => p.parsed.images.some((i) => i.alt === undefined) },
  { id: 'img-alt-long', test: (p) => p.parsed.images.some((i) => (i.alt?.length ?? 0) > T.altMax) },
  { id: 'img-no-dimensions', test: (p) => p.parsed.images.some((i) => !i.sized) },
  { id: 'picture-without-img', test: (p) => p.parsed.pictureWithoutImg },

  { id: 'canonical-multiple', test: (p) => p.parsed.canonicals.length > 1 },
  { id: 'canonical-relative', test: (p) => p.canonicalRelative },
  { id: 'canonical-off-site', test: (p) => p.canonicalOffSite },
  { id: 'canonical-not-http', test: (p) => p.canonicalNotHttp },
  {
    id: 'canonical-header-mismatch',
    test: (p) => !!p.headerCanonical && !!p.canonical && p.headerCanonical !== p.canonical,
  },
  { id: 'canonical-missing', test: (p) => !p.canonical && !p.headerCanonical },
  { id: 'hreflang-invalid', test: (p) => p.hreflangs.some((h) => !validHreflang(h.lang)) },
  { id: 'hreflang-relative', test: (p) => p.hreflangs.some((h) => h.relative) },
  {
    id: 'hreflang-no-x-default',
    test: (p) => p.hreflangs.length > 0 && !p.hreflangs.some((h) => h.lang.toLowerCase() === 'x-default'),
  },
  { id: 'hreflang-no-self', test: (p) => p.hreflangs.length > 0 && !p.hreflangs.some((h) => h.href === p.url) },

  { id: 'slow-response', test: (p) => p.ttfbMs > T.slowResponseMs },
  { id: 'slow-page', test: (p) => p.loadMs > T.slowPageMs },
  { id: 'css-too-many', test: (p) => p.stylesheets.length > T.maxCssFiles },
  { id: 'js-too-many', test: (p) => p.scripts.length > T.maxJsFiles },

  { id: 'http-page', test: (p) => !p.https },
  { id: 'mixed-content', test: (p) => p.mixedContent },
  { id: 'no-hsts', test: (p) => p.https && !p.hsts },
  { id: 'form-over-http', test: (p) => p.formOverHttp },
];

/** The ids of the checks the page fails. */
export function runPageChecks(page: PageFacts, thresholds: PageThresholds = DEFAULT_PAGE_THRESHOLDS): SeoCheckId[] {
  const failed: SeoCheckId[] = [];
  for (const check of PAGE_CHECKS) if (check.test(page, thresholds)) failed.push(check.id);
  return failed;
}
