import { z } from 'zod/mini';

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
const reportRowSchema = z.object({
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
