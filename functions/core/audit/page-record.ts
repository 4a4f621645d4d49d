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
  images?: number[];
  stylesheets?: number[];
  scripts?: number[];
  title?: string;
  words?: number;
  bytes?: number;
  ms?: number;
}

/** Where crawled pages go as they are read. */
export interface PageSink {
  /** A promise when the caller should wait before adding more (uploads are behind). */
  add(record: PageRecord): void | Promise<void>;
  /** Resolves once everything added so far is stored; the number of chunks written in all. */
  flush(): Promise<number>;
}
