import { defineContract } from '../contract';
import { rangeQuerySchema } from '../schemas/calendar-views';
import { postSuccessSchema } from '../schemas/post-success';

/**
 * The post-success report, apart from the audience reports: the dashboard's chart needs the
 * calendar's day rules, the report page does not, and neither page should load the other's.
 */
export const postSuccessContracts = {
  /** Spec 02 §7 "Reports and SEO": query from, to (local days, both included) and zone. */
  postSuccess: defineContract({
    method: 'GET',
    path: '/api/reports/post-success',
    permission: 'view',
    summary: "Published and failed posts per local day and platform, from the company's own publishing",
    query: rangeQuerySchema,
    responses: { 200: postSuccessSchema },
  }),
};
