import { randomBytes } from 'node:crypto';
import { Parser } from 'htmlparser2';
import type { z } from 'zod';
import { auditMessages, type SiteOwnership } from '@shared/schemas/seo';
import { invalid } from '../errors';
import { chosenWebsite } from '../integrations/search-console-store';
import { FetchRefusedError, safeFetch } from '../net';
import { keys } from '../table/keys';
import { siteOwnershipItems } from './audit-entity';
import { UNPROVEN_SITE_LIMITS } from './crawl/crawl-policy';
import { auditHostOf } from './crawl/host-lease';

/**
 * How a company proves it owns the website it audits, as established site auditors ask: a
 * file at the site's root holding its token, a meta tag on the home page with it, or the site
 * being the property its connected Search Console has chosen (Google verified that one). The
 * proof holds for the host it was made for; a new website needs a new proof.
 */
const OWNERSHIP_META_NAME = 'marketing-automation-site-verification';
const fileName = (token: string) => `marketing-automation-${token}.txt`;
const PROOF_MAX_BYTES = 512 * 1024;

type OwnershipItem = z.infer<typeof siteOwnershipItems.schema>;

async function ownershipItem(companyId: number): Promise<OwnershipItem> {
  const existing = await siteOwnershipItems.get(keys.siteOwnership(companyId), { consistent: true });
  if (existing) return existing;
  const created: OwnershipItem = { companyId, token: randomBytes(16).toString('hex') };
  // Two first reads at once: the first token written is the token.
  if (await siteOwnershipItems.put(created, { ifAbsent: true })) return created;
  const written = await siteOwnershipItems.get(keys.siteOwnership(companyId), { consistent: true });
  if (!written) throw new Error('site ownership item vanished');
  return written;
}

/** True when the company has proven it owns this website's host. */
export async function ownsSite(companyId: number, website: string): Promise<boolean> {
  const item = await siteOwnershipItems.get(keys.siteOwnership(companyId));
  return !!item?.verifiedHost && item.verifiedHost === auditHostOf(website);
}

/** What the page shows: where to put the token, and whether the site is proven. */
export async function siteOwnership(companyId: number, website: string): Promise<SiteOwnership> {
  const item = await ownershipItem(companyId);
  const host = auditHostOf(website);
  const origin = new URL(website).origin;
  const verified = item.verifiedHost === host;
  return {
    host,
    verified,
    ...(verified && item.method ? { method: item.method } : {}),
    ...(verified && item.verifiedAt ? { verifiedAt: item.verifiedAt } : {}),
    fileUrl: `${origin}/${fileName(item.token)}`,
    fileContent: item.token,
    metaTag: `<meta name="${OWNERSHIP_META_NAME}" content="${item.token}">`,
    unprovenLimits: { ...UNPROVEN_SITE_LIMITS },
  };
}

async function fetchText(url: string): Promise<{ status: number; text: string } | undefined> {
  try {
    const response = await safeFetch(url, { maxBytes: PROOF_MAX_BYTES, timeoutMs: 10_000, maxRedirects: 3 });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    if (error instanceof FetchRefusedError) return undefined;
    throw error;
  }
}

function metaToken(html: string): string | undefined {
  let found: string | undefined;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'meta' && attributes.name?.toLowerCase() === OWNERSHIP_META_NAME)
        found ??= attributes.content?.trim();
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

/** The Search Console property names this host: a URL-prefix property of it, or its domain property. */
function searchConsoleNames(property: string, host: string): boolean {
  if (property.startsWith('sc-domain:')) {
    const domain = property.slice('sc-domain:'.length).toLowerCase();
    return host === domain || host.endsWith(`.${domain}`);
  }
  try {
    return auditHostOf(property) === host;
  } catch {
    return false;
  }
}

/** Looks for the proof (Search Console, the file, the meta tag) and records it; a 422 saying what to do when none is there. */
export async function proveSiteOwnership(companyId: number, website: string): Promise<SiteOwnership> {
  const item = await ownershipItem(companyId);
  const host = auditHostOf(website);
  const origin = new URL(website).origin;
  let method: 'file' | 'meta' | 'search-console' | undefined;
  const property = (await chosenWebsite(companyId)).url;
  if (property && searchConsoleNames(property, host)) method = 'search-console';
  if (!method) {
    const file = await fetchText(`${origin}/${fileName(item.token)}`);
    if (file?.status === 200 && file.text.trim() === item.token) method = 'file';
  }
  if (!method) {
    const home = await fetchText(`${origin}/`);
    if (home?.status === 200 && metaToken(home.text) === item.token) method = 'meta';
  }
  if (!method) throw invalid(auditMessages.ownershipNotFound(host));
  await siteOwnershipItems.put({ ...item, verifiedHost: host, verifiedAt: new Date().toISOString(), method });
  return siteOwnership(companyId, website);
}
