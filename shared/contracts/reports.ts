import { defineContract } from '../contract';
import { reportsQuerySchema, reportsSchema } from '../schemas/reports';

export const reportsContracts = {
  /** Spec 02 §7: followers, likes, comments, shares and total followers per platform and local day. */
  reports: defineContract({
    method: 'GET',
    path: '/api/reports',
    permission: 'view',
    summary: "The company's audience figures per platform and day, from its connected platforms' insights",
    query: reportsQuerySchema,
    responses: { 200: reportsSchema },
  }),
  /** Spec 01 §2: a demo company's 'Refresh report' draws a new year of sample figures. */
  refreshDemo: defineContract({
    method: 'POST',
    path: '/api/reports/demo/refresh',
    permission: 'content',
    summary: "Draw a new year of sample figures for a demo company's report (409 for a company that is not a demo)",
    responses: { 204: null },
  }),
  /** Spec 02 §7: "a GET form with query from, to, platforms" — the same answer for the same question. */
  reportsForm: defineContract({
    method: 'POST',
    path: '/api/reports',
    permission: 'view',
    summary: 'The same report as GET /api/reports, with the question in the query',
    query: reportsQuerySchema,
    responses: { 200: reportsSchema },
  }),
};
