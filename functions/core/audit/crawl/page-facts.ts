import type { ParsedPage } from './page-parser';

/**
 * One fetched HTML page as the page checks see it: what the parser read, what the answer said
 * (headers, size, timing), and its links and resources resolved against the page's address
 * and classified (same site or not). Built by the crawler, used once, then dropped.
 */
export interface PageFacts {
  url: string;
  https: boolean;
  bytes: number;
  /** Milliseconds to the answer's headers, and to its last byte. */
  ttfbMs: number;
  loadMs: number;
  xRobotsNoindex: boolean;
  /** The canonical named by a Link header, resolved. */
  headerCanonical?: string;
  hsts: boolean;
  /** The Content-Type header names a charset. */
  headerCharset: boolean;
  parsed: ParsedPage;
  /** Same-site link targets (resolved, without fragment), duplicates kept out. */
  internalLinks: string[];
  /** Links that leave the page (same-page '#' links and mailto:, tel:... left out), as written. */
  outlinks: number;
  nofollowInternal: number;
  emptyAnchors: number;
  vagueAnchors: number;
  httpLinks: number;
  localhostLinks: number;
  malformedLinks: number;
  /** The first canonical, resolved; and whether it was written relative. */
  canonical?: string;
  canonicalRelative: boolean;
  /** The canonical names another host, or a scheme that is not http(s) (file:, ftp:). */
  canonicalOffSite: boolean;
  canonicalNotHttp: boolean;
  hreflangs: { lang: string; href?: string; relative: boolean }[];
  /** Same-site images, stylesheets and scripts (resolved). */
  images: string[];
  stylesheets: string[];
  scripts: string[];
  /** Any image, stylesheet or script over http:// on an https page. */
  mixedContent: boolean;
  formOverHttp: boolean;
}

/** The link and resource facts of a page in which `collectLinks` has found nothing yet. */
export const noLinkFacts = () => ({
  internalLinks: [] as string[],
  outlinks: 0,
  nofollowInternal: 0,
  emptyAnchors: 0,
  vagueAnchors: 0,
  httpLinks: 0,
  localhostLinks: 0,
  malformedLinks: 0,
  canonicalRelative: false,
  canonicalOffSite: false,
  canonicalNotHttp: false,
  hreflangs: [] as PageFacts['hreflangs'],
  images: [] as string[],
  stylesheets: [] as string[],
  scripts: [] as string[],
  mixedContent: false,
  formOverHttp: false,
});
