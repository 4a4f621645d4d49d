import { COMPANY_COOKIE } from '@shared/constants';
import { messages } from '@shared/messages';
import { companyIdParams } from '@shared/schemas/company';
import { defineRoute } from '../../core/http/route';
import { conflict } from '../../core/http/errors';
import { deleteCompany as remove } from '../../core/companies/company-store';

export const deleteCompany = defineRoute({
  method: 'DELETE',
  path: '/api/company/{id}',
  access: 'company-param',
  params: companyIdParams,
  handle: async ({ companyId, cookies }) => {
    if (cookies[COMPANY_COOKIE] === String(companyId)) throw conflict(messages.cannotDeleteSelectedCompany);
    await remove(companyId);
    return { status: 204 };
  },
});
