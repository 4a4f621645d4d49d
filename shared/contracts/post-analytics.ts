import { defineContract } from '../contract';
import { postIdParams } from '../schemas/calendar';
import {
  bestTimesQuerySchema,
  bestTimesSchema,
  postFiguresSchema,
  topPostsQuerySchema,
  topPostsSchema,
} from '../schemas/post-analytics';

/**
 * Per-post analytics and best times, apart from the audience reports: the report page loads them
 * lazily, the post page only the first. Behind the paid plan, as scheduling is (402 otherwise).
 */
export const postAnalyticsContracts = {
  postFigures: defineContract({
    method: 'GET',
    path: '/api/reports/posts/{id}',
    permission: 'view',
    summary: "A published post's likes, comments, shares, impressions and reach, read daily over its first 30 days",
    params: postIdParams,
    responses: { 200: postFiguresSchema },
  }),
  topPosts: defineContract({
    method: 'GET',
    path: '/api/reports/top-posts',
    permission: 'view',
    summary: 'Per platform, the posts published on UTC days from..to, best first by sort (engagement by default)',
    query: topPostsQuerySchema,
    responses: { 200: topPostsSchema },
  }),
  bestTimes: defineContract({
    method: 'GET',
    path: '/api/reports/best-times',
    permission: 'view',
    summary:
      "Per platform, the weekdays and hours in the zone whose posts drew the most engagement, from the company's own posts (a default under 20)",
    query: bestTimesQuerySchema,
    responses: { 200: bestTimesSchema },
  }),
};
