import { companyContracts } from '@shared/contracts/company';
import { created, defineRoute } from '../../core/http/route';
import { companyView, createCompany as create } from '../../core/companies/company-store';

export const createCompany = defineRoute(companyContracts.create, {
  access: 'user',
  handle: async ({ user, body }) => created(await companyView(await create(body.name, user.id, body.demo))),
});
