import { teamMessages } from '@shared/permissions';
import { companyContracts } from '@shared/contracts/company';
import * as companyStore from '../../core/companies/company-store';
import { forbidden, notFound } from '../../core/errors';
import { defineRoute, noContent } from '../../core/http/route';

/**
 * PUT /api/company/{id}/users/{userId}/role: an admin (the contract's permission) sets another
 * member's role. Never their own, and never the last admin's (the store refuses it).
 */
export const setMemberRole = defineRoute(companyContracts.setRole, {
  access: 'company-param',
  handle: async ({ companyId, user, params, body }) => {
    if (params.userId === user.id) throw forbidden(teamMessages.ownRole);
    if (!(await companyStore.setMemberRole(companyId, params.userId, body.role))) throw notFound('User not found');
    return noContent();
  },
});
