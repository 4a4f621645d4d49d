import { wordpressContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import * as wordpressConnection from '../../core/integrations/wordpress-connection';

/** The site's own categories and tags, asked of the site each time: a term made or deleted there shows at once. */
export const wordpressTerms = defineRoute(wordpressContracts.terms, {
  access: 'company',
  handle: async ({ companyId }) => ok(await wordpressConnection.wordpressTerms(companyId)),
});
