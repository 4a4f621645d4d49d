import { COMPANY_COOKIE } from '@shared/constants';
import { companyContracts } from '@shared/contracts/company';
import { messages } from '@shared/messages';
import { defineRoute, noContent } from '../../core/http/route';
import { conflict } from '../../core/errors';
import { deleteCompany as remove } from '../../core/composition-root/company-cascade';

export const deleteCompany = defineRoute(companyContracts.remove, {
  access: 'company-param',
  handle: async ({ companyId, cookies }) => {
    if (cookies[COMPANY_COOKIE] === String(companyId)) throw conflict(messages.cannotDeleteSelectedCompany);
    await remove(companyId);
    return noContent();
  },
});
