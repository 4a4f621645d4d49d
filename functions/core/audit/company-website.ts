import { messages } from '@shared/messages';
import { normalizeWebsite } from '@shared/url';
import { getCompany } from '../companies/company-store';
import { badRequest } from '../errors';

/** The company's website as the audit crawls it; without a valid one, the spec's 'Website not registered' (400). */
export async function companyWebsite(companyId: number): Promise<string> {
  const company = await getCompany(companyId);
  const website = company?.website ? normalizeWebsite(company.website) : undefined;
  if (!website?.ok) throw badRequest(messages.websiteNotRegistered);
  // The crawl starts at the site's root page when the address names none.
  return new URL(website.url).href;
}
