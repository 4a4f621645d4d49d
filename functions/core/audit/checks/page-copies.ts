import { STATUS } from '../crawl/crawl-state';
import type { SiteGraph } from './site-checks';

/**
 * A page the audit could not load: an error status (4xx, 5xx), a timeout, no connection, or
 * HTML too large to read. None of the checks that read a page ran on it.
 */
export function unloaded(graph: SiteGraph, id: number): boolean {
  const status = graph.status(id);
  return status >= 400 || status === STATUS.timeout || status === STATUS.failed || status === STATUS.tooLarge;
}

/**
 * Each page's first copy: the URL that stands for it in the issue counts and the Health Score.
 * URLs of one path that differ only in their query string are one page when their answers are
 * the same, that is when they show the same text or all fail to load: 450 calendar links
 * (`/events/?day=…`) to one page are one page with its copies, before and after it breaks, and
 * do not weigh 450 times. Pages of one path with texts of their own (`?p=12`, `?p=13`) stay
 * pages of their own. A URL that is no page of the audit stands for itself.
 */
export function pageCopies(graph: SiteGraph): Int32Array {
  const state = graph.state;
  const first = new Int32Array(state.size);
  const byKey = new Map<string, number>();
  for (let id = 0; id < state.size; id++) {
    first[id] = id;
    if (!graph.isPage(id)) continue;
    const key = copyKey(graph, id);
    if (key === undefined) continue;
    const seen = byKey.get(key);
    if (seen === undefined) byKey.set(key, id);
    else first[id] = seen;
  }
  return first;
}

function copyKey(graph: SiteGraph, id: number): string | undefined {
  const url = graph.url(id);
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (unloaded(graph, id)) return `${path} unloaded`;
  const text = graph.isHtmlPage(id) ? graph.state.contentHash[id] : undefined;
  return text ? `${path} ${text}` : undefined;
}
