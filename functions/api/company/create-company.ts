import { z } from 'zod';
import { createCompanySchema } from '@shared/schemas/company';
import { defineRoute } from '../../core/http/route';
import { companyView, createCompany as create } from '../../core/companies/company-store';

export const createCompany = defineRoute({
  method: 'POST',
  path: '/api/company',
  access: 'user',
  // `demo` starts a sandbox company whose data can be wiped from the demo settings tab.
  body: createCompanySchema.extend({ demo: z.boolean().optional().default(false) }),
  handle: async ({ user, body }) => ({ status: 201, body: await companyView(await create(body.name, user.id, body.demo)) }),
});
