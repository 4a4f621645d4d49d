import { defineContract } from '../contract';
import { postListSchema } from '../schemas/calendar';
import {
  batchSchema,
  deletedCountSchema,
  deleteScheduledSchema,
  limitQuerySchema,
  rangeQuerySchema,
} from '../schemas/calendar-views';
import { postContracts } from './posts';

/** Spec 02 §7 "Calendar": the selected company's posts. */
export const calendarContracts = {
  ...postContracts,
  list: defineContract({
    method: 'GET',
    path: '/api/calendar/list',
    permission: 'view',
    summary: 'Every post of the company by calendar date (scheduled, published or created), oldest first',
    responses: { 200: postListSchema },
  }),
  range: defineContract({
    method: 'GET',
    path: '/api/calendar/list/range',
    permission: 'view',
    summary: 'The posts on local days from..to (both included) in the IANA zone, by date',
    query: rangeQuerySchema,
    responses: { 200: postListSchema },
  }),
  batch: defineContract({
    method: 'POST',
    path: '/api/calendar/batch',
    permission: 'view',
    summary: 'The posts with these ids (at most 100); ids of other companies or deleted posts are left out',
    body: batchSchema,
    responses: { 200: postListSchema },
  }),
  latest: defineContract({
    method: 'GET',
    path: '/api/calendar/latest',
    permission: 'view',
    summary: "The next scheduled posts, soonest first (limit, default 10): the dashboard's Scheduled Content",
    query: limitQuerySchema,
    responses: { 200: postListSchema },
  }),
  recent: defineContract({
    method: 'GET',
    path: '/api/calendar/recent',
    permission: 'view',
    summary: 'The most recently published posts, newest first (limit, default 10): Recently Published',
    query: limitQuerySchema,
    responses: { 200: postListSchema },
  }),
  deleteScheduled: defineContract({
    method: 'DELETE',
    path: '/api/calendar/delete/scheduled',
    permission: 'content',
    summary: 'Delete the scheduled posts on local days from..to in the IANA zone',
    body: deleteScheduledSchema,
    responses: { 200: deletedCountSchema },
  }),
};
