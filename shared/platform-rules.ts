/**
 * The platform constraints of spec 01 §5, as one pure module the post editor, the API and the
 * AI generator all check with. These are the spec's numbers; where a platform's live API is
 * stricter (Instagram carousels of 10, Threads counting emoji as bytes) the publish step says so.
 * A post's first comment has its own limits (Facebook 8,000, Instagram 2,200, LinkedIn 1,250
 * characters; no other platform): first-comment-rules.ts, kept out of this module's chunk.
 */
import { isBlogPlatform, type Platform } from './platforms';

export {
  BLOG_PLATFORMS,
  isBlogPlatform,
  PLATFORM_LABELS,
  PLATFORMS,
  SOCIAL_PLATFORMS,
  type BlogPlatform,
  type Platform,
  type SocialPlatform,
} from './platforms';

export const POST_MIN_LENGTH = 80;

export const POST_MAX_LENGTH: Record<Platform, number> = {
  facebook: 63206,
  instagram: 2200,
  threads: 500,
  linkedin: 3000,
  wordpress: 1_000_000,
  'custom-blog': 1_000_000,
};

export const MEDIA_COUNT: Record<Platform, { min: number; max: number }> = {
  facebook: { min: 0, max: 25 },
  instagram: { min: 1, max: 20 },
  threads: { min: 0, max: 20 },
  linkedin: { min: 0, max: 9 },
  wordpress: { min: 0, max: 1 },
  'custom-blog': { min: 0, max: 1 },
};

export const BLOG_TITLE_MIN = 80;
export const BLOG_TITLE_MAX = 300;

export const ruleMessages = {
  copyTooShort: (n: number) => `Post copy content must be at least ${n} characters long.`,
  copyTooLong: (n: number) => `Post copy content must be no longer than ${n} characters.`,
  tooManyMedia: (n: number) => `Exceeded maximum number of images/videos per post. Maximum is ${n}.`,
  instagramNeedsMedia: 'Minimum number of images/videos per post is 1. Please attach at least 1 image/video.',
  // The spec fixes the bounds of blog titles but not their sentences; these follow the copy's.
  titleTooShort: (n: number) => `Blog title must be at least ${n} characters long.`,
  titleTooLong: (n: number) => `Blog title must be no longer than ${n} characters.`,
};

export interface PostDraft {
  platform: Platform;
  content: string;
  /** Media ids attached to the post. */
  files: readonly unknown[];
  /** The blog title (`subject`); only blogs have one. */
  subject?: string | null;
}

export interface RuleProblem {
  field: 'content' | 'files' | 'subject';
  message: string;
}

export interface RuleCheck {
  valid: boolean;
  problems: RuleProblem[];
  /** Every problem in one sentence, as the calendar's red dot shows it. */
  message: string;
}

/**
 * Characters as a person counts them: an emoji or accented letter is one, not two UTF-16 units.
 * Counted by code points in one pass (Intl.Segmenter is quadratic on long texts in V8, and blog
 * copy may be a million characters).
 */
export function visibleLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A low surrogate is the second half of a character already counted.
    if (unit < 0xdc00 || unit > 0xdfff) count++;
  }
  return count;
}

/** A post's copy, media and title against its platform's rules. */
export function checkPost(post: PostDraft): RuleCheck {
  const problems: RuleProblem[] = [];
  const length = visibleLength(post.content);
  const max = POST_MAX_LENGTH[post.platform];
  if (length < POST_MIN_LENGTH)
    problems.push({ field: 'content', message: ruleMessages.copyTooShort(POST_MIN_LENGTH) });
  else if (length > max) problems.push({ field: 'content', message: ruleMessages.copyTooLong(max) });

  const media = MEDIA_COUNT[post.platform];
  if (post.files.length < media.min) problems.push({ field: 'files', message: ruleMessages.instagramNeedsMedia });
  else if (post.files.length > media.max)
    problems.push({ field: 'files', message: ruleMessages.tooManyMedia(media.max) });

  if (isBlogPlatform(post.platform)) {
    const title = visibleLength((post.subject ?? '').trim());
    if (title < BLOG_TITLE_MIN)
      problems.push({ field: 'subject', message: ruleMessages.titleTooShort(BLOG_TITLE_MIN) });
    else if (title > BLOG_TITLE_MAX)
      problems.push({ field: 'subject', message: ruleMessages.titleTooLong(BLOG_TITLE_MAX) });
  }
  return { valid: problems.length === 0, problems, message: problems.map((p) => p.message).join(' ') };
}
