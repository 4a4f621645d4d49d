import { seoContracts } from '@shared/contracts/seo';
import { defineRoute, ok } from '../../core/http/route';
import { getKeywords, keywordList } from '../../core/keywords/keyword-store';

/** The last suggestions with the saved ones selected; an empty list before the first generation. */
export const getSeoKeywords = defineRoute(seoContracts.keywords, {
  access: 'company',
  handle: async ({ companyId }) => ok(keywordList(await getKeywords(companyId))),
});
