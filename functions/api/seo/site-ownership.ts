import { seoContracts } from '@shared/contracts/seo';
import { companyWebsite } from '../../core/audit/company-website';
import * as audit from '../../core/audit/site-ownership';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/site-ownership: the proof the company's website is theirs, or how to give it. */
export const siteOwnership = defineRoute(seoContracts.siteOwnership, {
  access: 'company',
  handle: async ({ companyId }) => ok(await audit.siteOwnership(companyId, await companyWebsite(companyId))),
});
