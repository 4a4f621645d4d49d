import { seoContracts } from '@shared/contracts/seo';
import { defineRoute, ok } from '../../core/http/route';
import * as keywordStore from '../../core/keywords/keyword-store';

/** The last suggestions with the saved ones selected; an empty list before the first generation. */
export const getKeywords = defineRoute(seoContracts.keywords, {
  access: 'company',
  handle: async ({ companyId }) => ok(keywordStore.keywordList(await keywordStore.getKeywords(companyId))),
});
