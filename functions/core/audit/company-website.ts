import { messages } from '@shared/messages';
import { normalizeWebsite } from '@shared/url';
import { getCompany } from '../companies/company-store';
import { badRequest } from '../errors';

/**
 * A website as an audit crawls and stores it, or undefined when it is not a valid one: the
 * crawl starts at the site's root page when the address names none ('https://a.example/').
 */
export function crawlAddress(website: string): string | undefined {
  const normal = normalizeWebsite(website);
  return normal.ok ? new URL(normal.url).href : undefined;
}

/** The company's website as the audit crawls it; without a valid one, the spec's 'Website not registered' (400). */
export async function companyWebsite(companyId: number): Promise<string> {
  const company = await getCompany(companyId);
  const website = company?.website ? crawlAddress(company.website) : undefined;
  if (!website) throw badRequest(messages.websiteNotRegistered);
  return website;
}
