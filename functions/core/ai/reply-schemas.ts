import { z } from 'zod';
import { SEO_KEYWORD_MAX_LENGTH } from '@shared/schemas/seo-keywords';
import type { BlogPlatform, SocialPlatform } from './ai-port';
import {
  BLOG_TITLE_MAX,
  BLOG_TITLE_MIN,
  ICP_COUNT,
  PLAN_MONTHS,
  POST_MIN_LENGTH,
  platformLength,
  POST_MAX_LENGTH,
  sameText,
} from './content-rules';

/**
 * The shape of every structured reply, with the product's rules as checks. The model is sent the
 * JSON schema of the shape (`strictJsonSchema`); the checks it cannot express run on the reply.
 */

export const overviewReply = z.object({
  name: z.string().trim().min(1).max(255),
  description: z.string().trim().min(80, 'description must be at least 80 characters').max(65536),
  locations: z.array(z.string().trim().min(2).max(255)).max(100),
  tone: z.string().trim().min(3).max(65536),
  voice: z.string().trim().min(3).max(65536),
});

export const idealCustomersReply = z.object({
  profiles: z.array(z.string().trim().min(200, 'each profile must be a full markdown profile')).length(ICP_COUNT),
});

const MONTH_HEADING =
  /^#{2,4} .*\b(month \d+|january|february|march|april|may|june|july|august|september|october|november|december)\b/gim;
const monthHeadings = (plan: string) => (plan.match(MONTH_HEADING) ?? []).length;

export const marketingPlanReply = z.object({
  plan: z
    .string()
    .trim()
    .min(1500, 'the plan must cover twelve months in detail')
    .refine((plan) => monthHeadings(plan) >= PLAN_MONTHS, `the plan needs one heading per month (${PLAN_MONTHS})`),
});

const distinct =
  <T>(key: (item: T) => string, what: string) =>
  (items: T[], ctx: z.RefinementCtx) => {
    items.forEach((item, i) => {
      if (items.slice(0, i).some((other) => sameText(key(other), key(item)))) {
        ctx.addIssue({ code: 'custom', message: `${what} ${i + 1} repeats an earlier one`, path: [i] });
      }
    });
  };

export const postsReply = (platform: SocialPlatform, count: number) =>
  z.object({
    posts: z
      .array(
        z.object({
          content: z
            .string()
            .trim()
            .min(POST_MIN_LENGTH, `each post must be at least ${POST_MIN_LENGTH} characters`)
            .refine(
              (text) => platformLength(platform, text) <= POST_MAX_LENGTH[platform],
              `each ${platform} post must be at most ${POST_MAX_LENGTH[platform]} characters`,
            ),
        }),
      )
      .length(count, `exactly ${count} posts`)
      .superRefine(distinct((p) => p.content, 'post')),
  });

export const blogPostsReply = (platform: BlogPlatform, count: number) =>
  z.object({
    posts: z
      .array(
        z.object({
          title: z
            .string()
            .trim()
            .min(BLOG_TITLE_MIN, `each title must be at least ${BLOG_TITLE_MIN} characters`)
            .max(BLOG_TITLE_MAX, `each title must be at most ${BLOG_TITLE_MAX} characters`),
          content: z.string().trim().min(600, 'each blog post must be a full article').max(POST_MAX_LENGTH[platform]),
        }),
      )
      .length(count, `exactly ${count} blog posts`)
      .superRefine(distinct((p) => p.title, 'title')),
  });

export const reviewReplyReply = z.object({ reply: z.string().trim().min(20).max(4096) });

/** Estimates, so bounded generously; the schema keeps them numbers in range and the phrases distinct. */
export const keywordsReply = (count: number) =>
  z.object({
    keywords: z
      .array(
        z.object({
          keyword: z.string().trim().toLowerCase().min(2).max(SEO_KEYWORD_MAX_LENGTH),
          volume: z.number().int().min(0).max(100_000_000),
          difficulty: z.number().int().min(0).max(100),
          cpc: z.number().min(0).max(1000),
          recommended: z.boolean(),
        }),
      )
      .length(count, `exactly ${count} keywords`)
      .superRefine(distinct((k) => k.keyword, 'keyword')),
  });

/** Keywords OpenAI's strict structured outputs accept; the rest are checked on the reply instead. */
const STRICT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'description',
  'minItems',
  'maxItems',
  'pattern',
  'format',
  'minimum',
  'maximum',
  '$defs',
  '$ref',
]);

/** The JSON schema sent as `response_format.json_schema.schema` (strict mode). */
export function strictJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const prune = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(prune);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => STRICT_KEYWORDS.has(key))
        .map(([key, value]) => [
          key,
          key === 'properties' || key === '$defs'
            ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, prune(v)]))
            : prune(value),
        ]),
    );
  };
  return prune(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })) as Record<string, unknown>;
}
