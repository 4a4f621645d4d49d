import { z } from 'zod/mini';
import { PLATFORMS } from '../platform-rules';

/** Spec 01 §8 "Post-success report": posts that went out, and those that failed, per local day and platform. */
export const POST_SUCCESS_STATUSES = ['published', 'failed'] as const;

export const postSuccessRowSchema = z.object({
  /** The local day (YYYY-MM-DD) in the query's zone. */
  date: z.string(),
  platform: z.enum(PLATFORMS),
  status: z.enum(POST_SUCCESS_STATUSES),
  count: z.number(),
});
export type PostSuccessRow = z.infer<typeof postSuccessRowSchema>;

/** Rows only where a count is above zero, ordered by date, then platform, then status. */
export const postSuccessSchema = z.array(postSuccessRowSchema).check(z.meta({ title: 'PostSuccess' }));

/** Spec 01 §10: the dashboard's chart covers the 21 days ending today. */
export const POST_SUCCESS_DAYS = 21;

/** Spec 01 §2 Reports: the platforms whose audience is reported (the toggles; 'All' is every one). */
export const REPORT_PLATFORMS = ['facebook', 'instagram', 'threads', 'linkedin'] as const;
export type ReportPlatform = (typeof REPORT_PLATFORMS)[number];

const dayField = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-03-01.'));

/**
 * GET /api/reports (and the POST form, spec 02 §7): local days `from` to `to`, both included,
 * and the platforms as a comma list (all four when absent).
 */
export const reportsQuerySchema = z.object({
  from: dayField,
  to: dayField,
  platforms: z.optional(z.string().check(z.maxLength(100))),
});
export type ReportsQuery = z.infer<typeof reportsQuerySchema>;

/** One platform's figures for one day (spec 01 §8 "Report rows per platform and date"). */
export const reportRowSchema = z.object({
  date: z.string(),
  followers: z.number(),
  likes: z.number(),
  comments: z.number(),
  shares: z.number(),
  /** Followers at the end of the day (the platform's audience size). */
  totalFollowers: z.number(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/** Per platform, its daily rows in date order; a platform with no rows is an empty array. */
export const reportsSchema = z
  .object({
    facebook: z.optional(z.array(reportRowSchema)),
    instagram: z.optional(z.array(reportRowSchema)),
    threads: z.optional(z.array(reportRowSchema)),
    linkedin: z.optional(z.array(reportRowSchema)),
  })
  .check(z.meta({ title: 'Reports' }));
export type Reports = z.infer<typeof reportsSchema>;
