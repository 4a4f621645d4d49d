import { roleMessages } from '@shared/company-roles';
import { companyContracts } from '@shared/contracts/company';
import { setMemberRole } from '../../core/companies/company-store';
import { forbidden, notFound } from '../../core/errors';
import { defineRoute, noContent } from '../../core/http/route';
import { memberRole } from '../../core/membership';

/**
 * PUT /api/company/{id}/users/{userId}/role: an admin sets another member's role. Never their
 * own, so a company always keeps the admin who is doing this.
 */
export const setRole = defineRoute(companyContracts.setRole, {
  access: 'company-param',
  handle: async ({ companyId, user, params, body }) => {
    if ((await memberRole(companyId, user.id)) !== 'admin') throw forbidden(roleMessages.adminOnly);
    if (params.userId === user.id) throw forbidden(roleMessages.ownRole);
    if (!(await setMemberRole(companyId, params.userId, body.role))) throw notFound('User not found');
    return noContent();
  },
});
