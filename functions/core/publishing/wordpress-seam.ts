import type { PostItem } from '../calendar/post-entity';
import type { PublishedPost } from '../integrations/platform-client';

/** Blog posts for a custom blog are published by hand: the editor offers them for the clipboard (spec 01 §4). */
export const customBlogSentence =
  'Custom blog posts are published by hand. Open the post, copy it and publish it on your blog.';

/** Until the WordPress client exists (issue 19), a WordPress post says so instead of failing silently. */
export const wordpressPendingSentence =
  'Publishing to WordPress is not available yet. Open the post, copy it and publish it on your site.';

/**
 * THE SEAM for WordPress publishing (issue 19 builds functions/core/integrations/wordpress-*.ts).
 * Replace the body with: load the company's WordPress connection, POST `/wp-json/wp/v2/media`
 * for the post's file and `/wp-json/wp/v2/posts` (title = subject, content, status=publish),
 * and answer its id and link. Answer `{ failed: sentence }` for what the user must act on; throw
 * a PlatformError-like transient error to have the workflow retry. Nothing else changes: the
 * workflow routes blog posts here and records what this answers.
 */
export function publishToWordPress(_post: PostItem): Promise<PublishedPost | { failed: string }> {
  return Promise.resolve({ failed: wordpressPendingSentence });
}
