import type { AuditSettings } from '@shared/schemas/seo';

const bareHost = (host: string) => host.replace(/^www\./, '');

/**
 * Which URLs belong to the audited site (the start's host, with or without www., over http or
 * https, on the start's port; its subdomains when the setting says so) and which of them the
 * allow/disallow prefix rules let the crawler fetch.
 */
export class CrawlScope {
  private readonly host: string;
  private readonly port: string;

  constructor(
    start: URL,
    private readonly settings: Pick<AuditSettings, 'includeSubdomains' | 'allowPrefixes' | 'disallowPrefixes'>,
  ) {
    this.host = bareHost(start.hostname);
    this.port = start.port;
  }

  /** Same site: the crawler follows it and the checks count it as internal. */
  inSite(url: URL): boolean {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (url.port !== this.port) return false;
    const host = bareHost(url.hostname);
    if (host === this.host) return true;
    return this.settings.includeSubdomains && host.endsWith(`.${this.host}`);
  }

  /** The prefix rules: an allow list (when given) and a disallow list, on the path. */
  allowed(url: URL): boolean {
    const path = url.pathname;
    if (this.settings.disallowPrefixes.some((prefix) => path.startsWith(prefix))) return false;
    if (!this.settings.allowPrefixes.length) return true;
    return this.settings.allowPrefixes.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);
  }
}

/** The form a URL is stored and compared in: absolute, without its fragment. */
export function crawlKey(url: URL): string {
  if (!url.hash) return url.href;
  const href = url.href;
  return href.slice(0, href.indexOf('#'));
}

/** An href resolved against the page, or undefined when it is not a valid address. */
export function resolveHref(href: string, base: URL): URL | undefined {
  try {
    return new URL(href.trim(), base);
  } catch {
    return undefined;
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);
export const isLocalHost = (url: URL) => LOCAL_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost');
