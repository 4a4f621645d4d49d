import { gunzipSync } from 'node:zlib';
import { Parser } from 'htmlparser2';
import { SEO_THRESHOLDS as T } from '@shared/seo-thresholds';
import { FetchRefusedError, safeFetch, type SafeAgent } from '../../net';

/** Nested sitemap indexes are followed to this many sitemaps in all. */
const MAX_SITEMAPS = 50;

export interface SitemapFetchOptions {
  dispatcher: SafeAgent;
  userAgent: string;
  timeoutMs: number;
  /** Headers for one sitemap's request (the site's basic auth, for the site's own sitemaps only). */
  headersFor?: (url: string) => Record<string, string>;
}

export interface SitemapOutcome {
  /** Sitemaps read (format errors included). */
  found: string[];
  /** Sitemaps that could not be fetched or were not a urlset or sitemapindex. */
  errors: string[];
  /** Sitemaps over 50,000 URLs or 50 MB (spec 02 §9). */
  tooLarge: string[];
}

/** Reads <loc> values of a urlset or sitemapindex with htmlparser2 in XML mode. */
export function parseSitemap(xml: string): { kind: 'urlset' | 'sitemapindex' | 'unknown'; locs: string[] } {
  let kind: 'urlset' | 'sitemapindex' | 'unknown' = 'unknown';
  const locs: string[] = [];
  let loc: string[] | undefined;
  const parser = new Parser(
    {
      onopentag(name) {
        const local = name.toLowerCase().replace(/^.*:/, '');
        if (kind === 'unknown' && (local === 'urlset' || local === 'sitemapindex')) kind = local;
        if (local === 'loc') loc = [];
      },
      ontext(text) {
        loc?.push(text);
      },
      onclosetag(name) {
        if (loc && name.toLowerCase().replace(/^.*:/, '') === 'loc') {
          const value = loc.join('').trim();
          if (value) locs.push(value);
          loc = undefined;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return { kind, locs };
}

/**
 * Fetches the sitemaps (those robots.txt names, else /sitemap.xml) and hands every page URL
 * they list to `onUrl`. Indexes are followed; gzipped sitemaps are inflated. A missing
 * /sitemap.xml that robots.txt did not name is not an error: it is "no sitemap".
 */
export async function readSitemaps(
  named: string[],
  fallback: string,
  options: SitemapFetchOptions,
  onUrl: (url: string) => void,
): Promise<SitemapOutcome> {
  const outcome: SitemapOutcome = { found: [], errors: [], tooLarge: [] };
  const pending = named.length ? [...named] : [fallback];
  const seen = new Set<string>();
  for (let url = pending.shift(); url !== undefined && seen.size < MAX_SITEMAPS; url = pending.shift()) {
    if (seen.has(url)) continue;
    seen.add(url);
    const body = await fetchSitemap(url, options);
    if (body === 'missing') {
      if (named.includes(url)) outcome.errors.push(url);
      continue;
    }
    outcome.found.push(url);
    if (body === 'too-large') {
      outcome.tooLarge.push(url);
      continue;
    }
    if (body === 'failed') {
      outcome.errors.push(url);
      continue;
    }
    const { kind, locs } = parseSitemap(body.xml);
    if (kind === 'unknown') outcome.errors.push(url);
    else if (kind === 'sitemapindex') pending.push(...locs);
    else {
      if (locs.length > T.sitemapMaxUrls) outcome.tooLarge.push(url);
      for (const loc of locs.slice(0, T.sitemapMaxUrls)) onUrl(loc);
    }
  }
  return outcome;
}

async function fetchSitemap(
  url: string,
  options: SitemapFetchOptions,
): Promise<{ xml: string } | 'missing' | 'failed' | 'too-large'> {
  try {
    const response = await safeFetch(url, {
      dispatcher: options.dispatcher,
      headers: { 'user-agent': options.userAgent, ...options.headersFor?.(url) },
      maxBytes: T.sitemapMaxBytes,
      timeoutMs: options.timeoutMs,
      resource: 'file',
    });
    if (response.status === 404 || response.status === 410) {
      await response.cancel();
      return 'missing';
    }
    if (response.status !== 200) {
      await response.cancel();
      return 'failed';
    }
    let bytes = await response.buffer();
    // A .xml.gz sitemap is gzip data served as a file, not as a Content-Encoding.
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes, { maxOutputLength: T.sitemapMaxBytes });
    return { xml: bytes.toString('utf8') };
  } catch (error) {
    if (error instanceof FetchRefusedError) return error.reason === 'too-large' ? 'too-large' : 'failed';
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'too-large';
    if ((error as { code?: string }).code?.startsWith('Z_')) return 'failed';
    throw error;
  }
}
