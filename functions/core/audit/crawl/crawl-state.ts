import type { AuditWebVitals } from '@shared/web-vitals';
import type { PageRecord } from './page-record';

/**
 * What a crawl knows about every URL it has met, in a few typed arrays indexed by URL id: the
 * frontier, the counters and the site graph the site checks need (status, depth, inlinks,
 * redirect and canonical targets, hashes for duplicates). Page details are not here: they are
 * streamed to the bucket as the pages are read. This is the cursor saved between batches.
 */

/** Status values that are not HTTP statuses. */
export const STATUS = { unfetched: 0, timeout: -1, failed: -2, tooLarge: -3 } as const;
export const UNKNOWN_DEPTH = 0xffff;

export const FLAG = {
  queued: 1,
  fetched: 2,
  blocked: 4,
  inSitemap: 8,
  linked: 16,
  html: 32,
  noindex: 64,
  resource: 128,
  start: 256,
  external: 512,
  /** The page names another URL as its canonical. */
  canonicalElsewhere: 1024,
  /** Reached through a link or redirect (not only the sitemap). */
  reached: 2048,
  /** Left out by a limit (pages, depth) or a prefix rule: found, not fetched. */
  skipped: 4096,
  /** robots.txt disallows it, whether or not the crawl obeys (the sitemap cross-check). */
  disallowed: 8192,
  /** A text resource over compressMinBytes served without Content-Encoding. */
  uncompressed: 16384,
  /** A resource served without Cache-Control max-age or Expires. */
  uncached: 32768,
} as const;

export interface CrawlCounters {
  pages: number;
  resources: number;
  errors: number;
  warnings: number;
  notices: number;
  batches: number;
  /** Page-data chunks written to the bucket so far (pages/000000.ndjson ...). */
  chunks: number;
  /** Pages and resources ever queued: each kind is held to maxPages, which bounds the state. */
  queuedPages: number;
  queuedResources: number;
  /** Links to other sites kept to be checked: held to maxPages like resources. */
  queuedExternals: number;
}

/** How the second timings of slow-looking pages came out (crawler.ts, SLOW_SAMPLE). */
export interface SlowChecks {
  confirmed: number;
  cleared: number;
}

export interface SiteFacts {
  /** Per origin: robots.txt text, or null when there is none (4xx) or it failed. */
  robots: Record<string, string | null>;
  robotsMissing: boolean;
  sitemapsRead: boolean;
  sitemapUrls: string[];
  sitemapErrors: string[];
  sitemapTooLarge: string[];
  /** The start URL redirected off the site. */
  startLeftSite?: string;
  /** For an https site: whether its http:// address redirects to https ('none': it answers without), once per crawl. */
  httpRedirect?: 'https' | 'none' | 'unreachable';
  /** The site's certificate's expiry (ISO), read once per crawl of an https site. */
  certificateExpires?: string;
  /** When the crawl last asked the site for something (epoch ms): the next batch keeps the pace from there. */
  lastRequestAt?: number;
  /** The security probe ran (so a later batch does not run it again). */
  securityProbed?: boolean;
  /** JavaScript rendering was asked for: whether pages were rendered, or the runtime had no Chromium. */
  rendering?: 'rendered' | 'unavailable';
  /** Lab Core Web Vitals of the rendered sample (the start page first). */
  webVitals?: AuditWebVitals;
}

interface Serialized {
  urls: string[];
  arrays: Record<string, string>;
  hashes: { title: string[]; description: string[]; content: string[] };
  hreflang: [number, number[]][];
  queue: number[];
  resourceQueue: number[];
  sitemapQueue: number[];
  counters: CrawlCounters;
  site: SiteFacts;
  /** Saved by older versions without these two. */
  slowChecks?: SlowChecks;
  pendingSlow?: PageRecord[];
}

type ArrayName = 'status' | 'depth' | 'inlinks' | 'flags' | 'redirectTo' | 'canonicalTo' | 'bytes';
const ARRAY_TYPES = {
  status: Int16Array,
  depth: Uint16Array,
  inlinks: Uint32Array,
  flags: Uint16Array,
  redirectTo: Int32Array,
  canonicalTo: Int32Array,
  bytes: Uint32Array,
} as const;
type Arrays = { [K in ArrayName]: InstanceType<(typeof ARRAY_TYPES)[K]> };

/** A FIFO of URL ids that does not shift arrays (a crawl pushes and takes tens of thousands). */
class IdQueue {
  private head = 0;
  constructor(private items: number[] = []) {}
  push(id: number) {
    this.items.push(id);
  }
  take(): number | undefined {
    if (this.head >= this.items.length) return undefined;
    const id = this.items[this.head++];
    if (this.head > 4096 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return id;
  }
  get size() {
    return this.items.length - this.head;
  }
  toJSON(): number[] {
    return this.items.slice(this.head);
  }
}

export class CrawlState {
  readonly urls: string[];
  private readonly index = new Map<string, number>();
  private arrays: Arrays;
  private capacity: number;
  readonly titleHash: string[];
  readonly descriptionHash: string[];
  readonly contentHash: string[];
  readonly hreflang: Map<number, number[]>;
  readonly queue: IdQueue;
  readonly resourceQueue: IdQueue;
  readonly sitemapQueue: IdQueue;
  readonly counters: CrawlCounters;
  readonly site: SiteFacts;
  readonly slowChecks: SlowChecks;
  /** Pages read but not yet recorded: they looked slow and wait to be timed again. */
  readonly pendingSlow: PageRecord[];

  constructor(saved?: Serialized) {
    this.urls = saved?.urls ?? [];
    this.capacity = Math.max(1024, this.urls.length * 2);
    this.arrays = allocate(this.capacity);
    if (saved) {
      for (const name of Object.keys(ARRAY_TYPES) as ArrayName[]) {
        const bytes = Buffer.from(saved.arrays[name] ?? '', 'base64');
        const view = new ARRAY_TYPES[name](
          bytes.buffer,
          bytes.byteOffset,
          bytes.byteLength / ARRAY_TYPES[name].BYTES_PER_ELEMENT,
        );
        this.arrays[name].set(view);
      }
    }
    this.urls.forEach((url, id) => this.index.set(url, id));
    this.titleHash = saved?.hashes.title ?? [];
    this.descriptionHash = saved?.hashes.description ?? [];
    this.contentHash = saved?.hashes.content ?? [];
    this.hreflang = new Map(saved?.hreflang ?? []);
    this.queue = new IdQueue(saved?.queue);
    this.resourceQueue = new IdQueue(saved?.resourceQueue);
    this.sitemapQueue = new IdQueue(saved?.sitemapQueue);
    this.counters = {
      pages: 0,
      resources: 0,
      errors: 0,
      warnings: 0,
      notices: 0,
      batches: 0,
      chunks: 0,
      queuedPages: 0,
      queuedResources: 0,
      queuedExternals: 0,
      ...saved?.counters,
    };
    this.slowChecks = saved?.slowChecks ?? { confirmed: 0, cleared: 0 };
    this.pendingSlow = saved?.pendingSlow ?? [];
    this.site = saved?.site ?? {
      robots: {},
      robotsMissing: false,
      sitemapsRead: false,
      sitemapUrls: [],
      sitemapErrors: [],
      sitemapTooLarge: [],
    };
  }

  static fromJSON(json: string): CrawlState {
    return new CrawlState(JSON.parse(json) as Serialized);
  }

  toJSON(): Serialized {
    const n = this.urls.length;
    const arrays = Object.fromEntries(
      (Object.keys(ARRAY_TYPES) as ArrayName[]).map((name) => {
        const array = this.arrays[name].subarray(0, n);
        return [name, Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64')];
      }),
    );
    return {
      urls: this.urls,
      arrays,
      hashes: { title: this.titleHash, description: this.descriptionHash, content: this.contentHash },
      hreflang: [...this.hreflang],
      queue: this.queue.toJSON(),
      resourceQueue: this.resourceQueue.toJSON(),
      sitemapQueue: this.sitemapQueue.toJSON(),
      counters: this.counters,
      site: this.site,
      slowChecks: this.slowChecks,
      pendingSlow: this.pendingSlow,
    };
  }

  get size() {
    return this.urls.length;
  }

  urlOf(id: number): string {
    return this.urls[id] ?? '';
  }

  idOf(url: string): number | undefined {
    return this.index.get(url);
  }

  /** The URL's id, adding it (unfetched, depth unknown) when new; `added` says which. */
  intern(url: string): { id: number; added: boolean } {
    const known = this.index.get(url);
    if (known !== undefined) return { id: known, added: false };
    const id = this.urls.length;
    if (id >= this.capacity) this.grow();
    this.urls.push(url);
    this.index.set(url, id);
    this.arrays.depth[id] = UNKNOWN_DEPTH;
    this.arrays.redirectTo[id] = -1;
    this.arrays.canonicalTo[id] = -1;
    return { id, added: true };
  }

  status = (id: number): number => this.arrays.status[id] ?? STATUS.unfetched;
  setStatus = (id: number, status: number) => (this.arrays.status[id] = status);
  depth = (id: number): number => this.arrays.depth[id] ?? UNKNOWN_DEPTH;
  setDepth = (id: number, depth: number) => (this.arrays.depth[id] = Math.min(depth, UNKNOWN_DEPTH - 1));
  inlinks = (id: number): number => this.arrays.inlinks[id] ?? 0;
  addInlink = (id: number) => (this.arrays.inlinks[id] = this.inlinks(id) + 1);
  has = (id: number, flag: number) => ((this.arrays.flags[id] ?? 0) & flag) !== 0;
  flag = (id: number, flag: number) => (this.arrays.flags[id] = (this.arrays.flags[id] ?? 0) | flag);
  redirectTo = (id: number): number => this.arrays.redirectTo[id] ?? -1;
  setRedirectTo = (id: number, to: number) => (this.arrays.redirectTo[id] = to);
  canonicalTo = (id: number): number => this.arrays.canonicalTo[id] ?? -1;
  setCanonicalTo = (id: number, to: number) => (this.arrays.canonicalTo[id] = to);
  bytes = (id: number): number => this.arrays.bytes[id] ?? 0;
  setBytes = (id: number, bytes: number) => (this.arrays.bytes[id] = Math.min(bytes, 0xffffffff));

  private grow() {
    this.capacity *= 2;
    const next = allocate(this.capacity);
    for (const name of Object.keys(ARRAY_TYPES) as ArrayName[]) copyInto(next[name], this.arrays[name]);
    this.arrays = next;
  }
}

function copyInto(to: ArrayLike<number> & { set(from: ArrayLike<number>): void }, from: ArrayLike<number>) {
  to.set(from);
}

function allocate(capacity: number): Arrays {
  return {
    status: new Int16Array(capacity),
    depth: new Uint16Array(capacity),
    inlinks: new Uint32Array(capacity),
    flags: new Uint16Array(capacity),
    redirectTo: new Int32Array(capacity),
    canonicalTo: new Int32Array(capacity),
    bytes: new Uint32Array(capacity),
  };
}
