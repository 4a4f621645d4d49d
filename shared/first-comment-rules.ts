import type { Platform } from './platforms';

/**
 * A post's first comment (docs/features/publishing.md#first-comment): posted by the publish
 * workflow right after the post, on Facebook (Graph `/{post-id}/comments`), Instagram
 * (`/{ig-media-id}/comments`) and LinkedIn (`/rest/socialActions/{urn}/comments`) only. Its
 * limits are each platform's own for a comment: Facebook 8,000 characters, Instagram 2,200
 * (as its captions), LinkedIn 1,250. Apart from platform-rules.ts, whose chunk every calendar
 * and editor page loads: these are needed only where a first comment is edited.
 */
export const FIRST_COMMENT_MAX: Partial<Record<Platform, number>> = {
  facebook: 8000,
  instagram: 2200,
  linkedin: 1250,
};

export const firstCommentMessages = {
  notSupported: 'A first comment is posted on Facebook, Instagram and LinkedIn only.',
  tooLong: (max: number) => `A first comment must be no longer than ${max} characters.`,
};

/** The sentence a first comment breaks, or null: empty means no first comment. */
export function checkFirstComment(platform: Platform, text: string): string | null {
  if (!text.trim()) return null;
  const max = FIRST_COMMENT_MAX[platform];
  if (max === undefined) return firstCommentMessages.notSupported;
  return text.length > max ? firstCommentMessages.tooLong(max) : null;
}
