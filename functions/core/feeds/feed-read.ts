import { createHash } from 'node:crypto';
import { parseFeed } from 'htmlparser2';
import { feedMessages } from '@shared/schemas/feeds';
import { invalid } from '../errors';
import { htmlText } from '../html/visible-text';
import { safeFetch } from '../net';

/** A feed is text, and a large one is a few hundred kB: more is not a feed we read. */
const MAX_FEED_BYTES = 2 * 1024 * 1024;
const FEED_TIMEOUT_MS = 10_000;

export interface FeedEntryRead {
  /** GUID or Atom id, else the link, else title and date: the entry's identity across polls. */
  key: string;
  hash: string;
  /** The hash of its normalised title and link, when it has a link: the same entry under a new id. */
  aliasHash: string | null;
  title: string;
  link: string | null;
  /** The summary as plain text (feeds carry HTML in it). */
  summary: string;
  published: string | null;
}

export interface FeedRead {
  title: string;
  entries: FeedEntryRead[];
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 40);

/** Text as two readers would compare it: NFKC, lower case, white space as one space, none at the ends. */
const normalText = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** A link as two reads would give it: no fragment, lower-case host, no trailing slash. */
function normalLink(link: string): string {
  try {
    const url = new URL(link);
    url.hash = '';
    return `${url.protocol}//${url.host.toLowerCase()}${url.pathname.replace(/\/+$/, '')}${url.search}`;
  } catch {
    return normalText(link);
  }
}

/**
 * The entry's title and link, normalised: what stays when a feed renames its ids on every read.
 * Entries without a link have none (their titles alone are too weak: "Weekly news").
 */
export const aliasHashOf = (title: string, link: string | null) =>
  link ? `t${sha(`${normalText(title)}\n${normalLink(link)}`).slice(1)}` : null;

/** An entry's text on one line: its blocks (a heading, then a paragraph) apart, never glued into one word. */
const plain = (html: string | undefined) => htmlText(html).replace(/\s+/g, ' ').trim();

/**
 * Reads a feed through the safe fetcher (no private network, redirects re-checked, 2 MB and 10
 * s at most) and parses it with htmlparser2 in XML mode (RSS 0.9x/2.0, RDF and Atom). Anything
 * that is not a feed is a 422 the user reads.
 */
export async function readFeed(url: string, signal?: AbortSignal): Promise<FeedRead> {
  const response = await safeFetch(url, {
    maxBytes: MAX_FEED_BYTES,
    timeoutMs: FEED_TIMEOUT_MS,
    headers: { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8' },
    ...(signal ? { signal } : {}),
  });
  if (response.status < 200 || response.status >= 300) {
    await response.cancel();
    throw invalid(feedMessages.status(response.status));
  }
  const feed = parseFeed(await response.text());
  if (!feed) throw invalid(feedMessages.notAFeed);
  const entries = feed.items.flatMap((item): FeedEntryRead[] => {
    const key = item.id?.trim() || item.link?.trim() || [item.title, item.pubDate?.toISOString()].join('|');
    if (!key.replace('|', '')) return [];
    const title = plain(item.title) || 'Untitled';
    const link = item.link?.trim() || null;
    return [
      {
        key,
        hash: sha(key),
        aliasHash: aliasHashOf(title, link),
        title,
        link,
        summary: plain(item.description),
        published: item.pubDate && !Number.isNaN(item.pubDate.getTime()) ? item.pubDate.toISOString() : null,
      },
    ];
  });
  return { title: plain(feed.title) || new URL(response.url).hostname, entries };
}
