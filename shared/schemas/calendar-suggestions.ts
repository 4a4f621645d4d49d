import { z } from 'zod/mini';
import { PLATFORMS } from '../platforms';

/**
 * Post ideas from the company's latest finished website audit (docs/features/audit-to-content.md):
 * pages the audit found thin, pages without a meta description, and saved SEO keywords no crawled
 * page targets. Each idea becomes one draft on request.
 */
const SUGGESTION_KINDS = ['thin-page', 'missing-description', 'keyword-gap'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** The most ideas shown at once: a short list a marketer can act on, the most valuable first. */
export const MAX_SUGGESTIONS = 12;

export const suggestionMessages = {
  notFound: 'This idea is no longer among your audit ideas. Reload the list and try again.',
  noAudit: 'Run a website audit to get post ideas from your site.',
  nothingFound:
    'Your latest website audit found no thin pages, no pages without a meta description and no untargeted keywords.',
} as const;

// Not calendar.ts's schemas: importing them from this chunk would lengthen the export list of the chunk the post pages load first.
const postIdSchema = z.int().check(z.positive());
const platformSchema = z.enum(PLATFORMS);

const suggestionSchema = z.object({
  /** Stable across audits: the kind and the page URL or keyword, hashed. */
  id: z.string(),
  kind: z.enum(SUGGESTION_KINDS),
  title: z.string(),
  /** The finding behind the idea, with its numbers. */
  why: z.string(),
  /** The page the idea is about (thin page, missing description). */
  url: z.nullable(z.string()),
  /** The saved keyword no page targets. */
  keyword: z.nullable(z.string()),
  /** A blog article, or a social post (the draft goes to a connected social platform, else Facebook). */
  format: z.enum(['blog', 'social']),
  /** The draft made from this idea, while it exists. */
  postId: z.nullable(postIdSchema),
});
export type Suggestion = z.output<typeof suggestionSchema>;

export const suggestionListSchema = z
  .object({
    /** The audit the ideas come from; null when the company has no finished audit. */
    auditId: z.nullable(z.string()),
    finishedAt: z.nullable(z.string()),
    suggestions: z.array(suggestionSchema),
    /** Why the list is empty, when it is. */
    reason: z.nullable(z.string()),
  })
  .check(z.meta({ title: 'AuditIdeas' }));
export type SuggestionList = z.output<typeof suggestionListSchema>;

export const suggestionIdParams = z.object({
  id: z.string().check(z.minLength(1, suggestionMessages.notFound), z.maxLength(64, suggestionMessages.notFound)),
});

/** The draft made from an idea: a new one (201) or the one already made (200). */
export const suggestionDraftSchema = z
  .object({
    suggestionId: z.string(),
    postId: postIdSchema,
    platform: platformSchema,
  })
  .check(z.meta({ title: 'AuditIdeaDraft' }));
export type SuggestionDraft = z.output<typeof suggestionDraftSchema>;
