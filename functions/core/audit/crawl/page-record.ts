import type { SeoCheckId } from '@shared/seo-checks';

/**
 * One crawled URL as stored in the bucket (a line of a pages/NNNNNN.ndjson chunk): what the
 * report's page lists and the second pass over the site graph need, nothing more. Links and
 * resources are URL ids of the crawl state.
 */
export interface PageRecord {
  id: number;
  url: string;
  status: number;
  depth: number;
  /** The page-level checks it failed. */
  issues: SeoCheckId[];
  links?: number[];
  /** Links to other sites (URL ids of the state, flagged external). */
  externals?: number[];
  /** Anchor text of each link, in the order of links then externals (absent when all are empty). */
  anchors?: string[];
  /** The same-site links with rel="nofollow". */
  nofollow?: number[];
  images?: number[];
  stylesheets?: number[];
  scripts?: number[];
  /** Icons, the manifest, preloads, video, audio and embeds. */
  others?: number[];
  title?: string;
  description?: string;
  h1?: string;
  /** How many H2 headings. */
  h2?: number;
  canonical?: string;
  /** How many hreflang alternates. */
  hreflangs?: number;
  /** Links that leave the page. */
  outlinks?: number;
  words?: number;
  bytes?: number;
  ms?: number;
  /** The main text's near-duplicate sketch (shingles.ts). */
  sketch?: string;
}

/** Where crawled pages go as they are read. */
export interface PageSink {
  /** A promise when the caller should wait before adding more (uploads are behind). */
  add(record: PageRecord): void | Promise<void>;
  /** Resolves once everything added so far is stored; the number of chunks written in all. */
  flush(): Promise<number>;
}
