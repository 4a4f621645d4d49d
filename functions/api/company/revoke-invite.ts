import { z } from 'zod';
import { numericId } from '@shared/schemas/fields';
import { defineRoute } from '../../core/http/route';
import { notFound } from '../../core/http/errors';
import { revokeInvite as revoke } from '../../core/companies/invites';

export const revokeInvite = defineRoute({
  method: 'DELETE',
  path: '/api/company/{id}/invite/{inviteId}',
  access: 'company-param',
  params: z.object({ id: numericId('Company not found'), inviteId: numericId('Invite not found') }),
  handle: async ({ companyId, params }) => {
    if (!(await revoke(companyId, params.inviteId))) throw notFound('Invite not found');
    return { status: 204 };
  },
});
