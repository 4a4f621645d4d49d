import { hit, type Limit } from '../accounts/rate-limit';

/**
 * Every call that pays a model is counted before it starts: per company, by kind, and all kinds
 * together per user, so that making more companies does not buy more calls. Sliding windows in
 * the table (accounts/rate-limit.ts); past a limit the call is refused with the 429 and the
 * spec's sentence, and nothing starts. Generous for a marketer, tight for a script. The plan
 * does not change them: a free, paid or demo company counts the same. docs/security.md lists them.
 */
export const AI_LIMITS = {
  /** A calendar generation (social or blog) may write 180 drafts. */
  calendarGeneration: { scope: 'calendar-generate-company', max: 10, windowSeconds: 3600 },
  /** POST /api/content/generate: one image each. */
  image: { scope: 'ai-image-company', max: 10, windowSeconds: 3600 },
  /** POST /api/company/overview: a website read and a summary. */
  overview: { scope: 'ai-overview-company', max: 10, windowSeconds: 3600 },
  /** POST /api/company/ideal-customer: two profiles. */
  idealCustomers: { scope: 'ai-icp-company', max: 10, windowSeconds: 3600 },
  /** POST /api/plan: twelve months of plan, the longest answer. */
  marketingPlan: { scope: 'ai-plan-company', max: 5, windowSeconds: 3600 },
  /** POST .../reviews/{reviewId}/generate: one short reply each. */
  reviewReply: { scope: 'ai-review-reply-company', max: 30, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

/** Every kind above, counted together for the user who asks, by hour and by day. */
export const AI_USER_LIMITS = {
  perHour: { scope: 'ai-calls-user', max: 50, windowSeconds: 3600 },
  perDay: { scope: 'ai-calls-user-day', max: 200, windowSeconds: 24 * 3600 },
} satisfies Record<string, Limit>;

export type AiCallKind = keyof typeof AI_LIMITS;

/** Counts one paid AI call of `kind` for the company and the user; throws the 429 past a limit. */
export async function countAiCall(kind: AiCallKind, companyId: number, userId: number): Promise<void> {
  await hit(AI_LIMITS[kind], String(companyId));
  await hit(AI_USER_LIMITS.perHour, String(userId));
  await hit(AI_USER_LIMITS.perDay, String(userId));
}
