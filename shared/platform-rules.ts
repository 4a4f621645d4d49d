/**
 * The platform constraints of spec 01 §5, as one pure module the post editor, the API and the
 * AI generator all check with. These are the spec's numbers, counted as each platform counts them
 * (`copyLength`: Threads counts an emoji as its UTF-8 bytes, docs/platforms/meta.md#threads);
 * where a platform's live API is stricter still (Instagram carousels of 10) the publish step says
 * so. A post's first comment has its own limits (Facebook 8,000, Instagram 2,200, LinkedIn 1,250
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

const MEDIA_COUNT: Record<Platform, { min: number; max: number }> = {
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
  /** Over Threads' count only because of emoji: the spec's sentence, and why the counter says more. */
  threadsEmojiTooLong: (n: number) =>
    `Post copy content must be no longer than ${n} characters. Threads counts each emoji as several characters.`,
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

/** UTF-8 bytes of a code point. */
const utf8Bytes = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * An emoji as a reader sees one: a flag (two regional indicators), a keycap, or a pictograph shown
 * as an emoji (by default, or asked for with U+FE0F) with its skin tone, tags and the pictographs
 * a zero-width joiner adds to it. Text-style symbols (©, ™, ↔ without U+FE0F) are characters.
 */
const EMOJI =
  /\p{RI}\p{RI}|[0-9#*]\uFE0F?\u20E3|(?:\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F)(?:\p{EMod}|\uFE0F|[\u{E0020}-\u{E007F}])*(?:\u200D(?:\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F?)(?:\p{EMod}|\uFE0F)*)*/gu;

/**
 * Text as Threads counts it for its 500 limit: each emoji as its UTF-8 byte length (a face is 4,
 * a family of four joined by ZWJs 25), every other character once, so accented and CJK letters
 * count 1 (Threads' documentation, as read in December 2026: docs/platforms/meta.md#threads).
 */
export function threadsLength(text: string): number {
  let length = visibleLength(text);
  for (const [emoji] of text.matchAll(EMOJI)) {
    length -= visibleLength(emoji);
    for (const char of emoji) length += utf8Bytes(char.codePointAt(0) ?? 0);
  }
  return length;
}

/**
 * A post's copy as its platform counts it against POST_MAX_LENGTH: Threads its own way, the
 * others by characters (visibleLength). The editor's counters and the server's checks both use it.
 */
export function copyLength(platform: Platform, text: string): number {
  return platform === 'threads' ? threadsLength(text) : visibleLength(text);
}

/** A post's copy, media and title against its platform's rules. */
export function checkPost(post: PostDraft): RuleCheck {
  const problems: RuleProblem[] = [];
  const characters = visibleLength(post.content);
  const length = copyLength(post.platform, post.content);
  const max = POST_MAX_LENGTH[post.platform];
  if (characters < POST_MIN_LENGTH)
    problems.push({ field: 'content', message: ruleMessages.copyTooShort(POST_MIN_LENGTH) });
  else if (length > max)
    problems.push({
      field: 'content',
      message: characters > max ? ruleMessages.copyTooLong(max) : ruleMessages.threadsEmojiTooLong(max),
    });

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
