import { isIP } from 'node:net';
import { config } from '../config';
import { isLoopback, refusedRange } from './address-policy';
import { FetchRefusedError, fetchMessages } from './fetch-errors';

/**
 * The rules for one hop of a fetch: what a URL may look like (before any network traffic) and
 * which resolved addresses its connection may use (after DNS, before connecting).
 */

/** The Fetch standard's "bad ports": other protocols that a crafted HTTP request could talk to. */
const badPorts = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/**
 * Parses and checks a user-given address: http(s) only, no credentials, no bad port, and an IP
 * literal host must be public. Odd IPv4 spellings (2130706433, 0177.0.0.1, 0x7f.1) are already
 * dotted quads after WHATWG parsing, so they meet the same check. Names are checked after DNS.
 */
export function checkTarget(input: string | URL, allow?: Set<string>): URL {
  let url: URL;
  try {
    url = new URL(String(input).trim());
  } catch {
    throw new FetchRefusedError('invalid-url', fetchMessages.invalidUrl, String(input));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefusedError('scheme', fetchMessages.scheme, url.href);
  }
  if (url.username || url.password) throw new FetchRefusedError('credentials', fetchMessages.credentials, url.href);
  if (!url.hostname) throw new FetchRefusedError('invalid-url', fetchMessages.invalidUrl, url.href);
  const port = portOf(url);
  if (badPorts.has(port) && !isListed(allow ?? allowList(), url.hostname, port))
    throw new FetchRefusedError('port', fetchMessages.port, url.href);
  const literal = bare(url.hostname);
  if (isIP(literal)) checkAddresses(url.hostname, port, [literal], allow);
  return url;
}

/**
 * Every address a name resolved to must be public, or the name must be listed in FETCH_ALLOW
 * with this port and resolve to loopback only. One refused address refuses the name: a
 * resolver that mixes private answers into public ones is an attack, not a choice.
 */
export function checkAddresses(hostname: string, port: number, addresses: string[], allow?: Set<string>): void {
  if (addresses.length === 0) throw new FetchRefusedError('dns', fetchMessages.dns(hostname));
  if (addresses.every((address) => !refusedRange(address))) return;
  if (isListed(allow ?? allowList(), hostname, port) && addresses.every(isLoopback)) return;
  throw new FetchRefusedError('private-address', fetchMessages.privateAddress, `${hostname}:${port}`);
}

let parsed: { source: string; keys: Set<string> } | undefined;

/** FETCH_ALLOW as normalised `host:port` keys (hosts as the URL parser writes them: [::1], 127.0.0.1). */
export function allowList(entries: string[] = config.fetchAllow): Set<string> {
  // Read on every fetch and every connection (a crawl's hot path): parsed again only when it changed.
  const source = entries.join(',');
  if (parsed?.source !== source) parsed = { source, keys: parseAllowList(entries) };
  return parsed.keys;
}

function parseAllowList(entries: string[]): Set<string> {
  const keys = new Set<string>();
  for (const entry of entries) {
    const match = /^([^/@?#]+):(\d{1,5})$/.exec(entry.trim());
    if (!match) continue; // an entry that is not host:port opens nothing
    try {
      keys.add(`${new URL(`http://${match[1]}/`).hostname}:${Number(match[2])}`);
    } catch {
      // nor does one whose host does not parse
    }
  }
  return keys;
}

function isListed(allow: Set<string>, hostname: string, port: number): boolean {
  const host = isIP(hostname) === 6 ? `[${hostname}]` : hostname.toLowerCase();
  return allow.has(`${host}:${port}`);
}

function bare(hostname: string): string {
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}
