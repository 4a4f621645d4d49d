import { seoContracts } from '@shared/contracts/seo';
import { companyWebsite } from '../../core/audit/company-website';
import * as siteOwnership from '../../core/audit/site-ownership';
import { defineRoute, ok } from '../../core/http/route';

/** POST /api/seo/site-ownership/verify: looks for the proof on the site (or in Search Console) and records it. */
export const proveSiteOwnership = defineRoute(seoContracts.proveSiteOwnership, {
  access: 'company',
  handle: async ({ companyId }) =>
    ok(await siteOwnership.proveSiteOwnership(companyId, await companyWebsite(companyId))),
});
