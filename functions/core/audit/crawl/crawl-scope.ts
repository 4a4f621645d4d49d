import type { AuditSettings } from '@shared/schemas/seo';
import { ruleRegExp } from '@shared/schemas/audit-settings';

const bareHost = (host: string) => host.replace(/^www\./, '');

type ScopeSettings = Pick<AuditSettings, 'includeSubdomains' | 'allowPrefixes' | 'disallowPrefixes'> &
  Partial<Pick<AuditSettings, 'hidePrefixes' | 'ignoredExternalDomains'>>;

/**
 * Which URLs belong to the audited site (the start's host, with or without www., over http or
 * https, on the start's port; its subdomains when the setting says so) and which of them the
 * allow/disallow/hide rules let the crawler fetch and report. A rule is a path read as a regular
 * expression from the path's start (spec 02 §5; "/blog/" is a plain prefix).
 */
export class CrawlScope {
  private readonly host: string;
  private readonly port: string;
  private readonly allow: RegExp[];
  private readonly disallow: RegExp[];
  private readonly hide: RegExp[];
  private readonly ignoredDomains: string[];

  constructor(start: URL, settings: ScopeSettings) {
    this.host = bareHost(start.hostname);
    this.port = start.port;
    this.includeSubdomains = settings.includeSubdomains;
    this.allow = settings.allowPrefixes.map(ruleRegExp);
    this.disallow = settings.disallowPrefixes.map(ruleRegExp);
    this.hide = (settings.hidePrefixes ?? []).map(ruleRegExp);
    this.ignoredDomains = (settings.ignoredExternalDomains ?? []).map((d) => d.toLowerCase());
  }

  private readonly includeSubdomains: boolean;

  /** Same site: the crawler follows it and the checks count it as internal. */
  inSite(url: URL): boolean {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (url.port !== this.port) return false;
    const host = bareHost(url.hostname);
    if (host === this.host) return true;
    return this.includeSubdomains && host.endsWith(`.${this.host}`);
  }

  /** The allow rules (when given) and the disallow rules, on the path. */
  allowed(url: URL): boolean {
    const path = url.pathname;
    if (this.disallow.some((rule) => rule.test(path))) return false;
    if (!this.allow.length) return true;
    return this.allow.some((rule) => rule.test(path) || rule.test(`${path}/`));
  }

  /** Under a hide rule: crawled, but its page checks are left out of the report. */
  hidden(url: URL): boolean {
    return this.hide.some((rule) => rule.test(url.pathname));
  }

  /** A link to a domain the settings ignore (or a subdomain of one): not checked. */
  ignoredExternal(url: URL): boolean {
    const host = bareHost(url.hostname.toLowerCase());
    return this.ignoredDomains.some((domain) => host === domain || host.endsWith(`.${domain}`));
  }
}

/** The URL without the query parameters the settings ignore (utm_source, sessionid...). */
export function withoutParameters(url: URL, names: readonly string[] | undefined): URL {
  if (!names?.length || !url.search) return url;
  const cleaned = new URL(url.href);
  for (const name of names) cleaned.searchParams.delete(name);
  if (cleaned.search === url.search) return url;
  return cleaned;
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
