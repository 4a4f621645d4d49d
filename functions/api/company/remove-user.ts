import { z } from 'zod';
import { numericId } from '@shared/schemas/fields';
import { defineRoute } from '../../core/http/route';
import { notFound } from '../../core/http/errors';
import { companyIdsOf, createCompany, removeMember } from '../../core/companies/company-store';

export const removeUser = defineRoute({
  method: 'DELETE',
  path: '/api/company/{id}/users/{userId}',
  access: 'company-param',
  params: z.object({ id: numericId('Company not found'), userId: numericId('User not found') }),
  handle: async ({ companyId, params }) => {
    if (!(await removeMember(companyId, params.userId))) throw notFound('User not found');
    // A user is never left without a company: the app has nothing to show without one.
    if (!(await companyIdsOf(params.userId)).length) await createCompany('', params.userId);
    return { status: 204 };
  },
});
