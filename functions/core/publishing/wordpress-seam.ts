import type { PostItem } from '../calendar/post-entity';
import { DomainError } from '../errors';
import type { PublishedPost } from '../integrations/platform-client';
import { PlatformError } from '../integrations/platform-error';
import {
  findMediaOnWordPress,
  findOnWordPress,
  publishToWordPress as publishOnSite,
} from '../integrations/wordpress-connection';
import { log } from '../log';
import { readMediaObject } from '../media/media-objects';
import { readyMediaItems } from '../media/media-store';
import type { PublishRun } from './publish-input';
import { PublishRefused } from './publish-target';

/** Blog posts for a custom blog are published by hand: the editor offers them for the clipboard (spec 01 §4). */
export const customBlogSentence =
  'Custom blog posts are published by hand. Open the post, copy it and publish it on your blog.';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** The blog's text as WordPress content: paragraphs at blank lines, line breaks kept, nothing interpreted. */
export const blogHtml = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');

/**
 * THE SEAM for blog posts to WordPress: the workflow's Send step routes `wordpress` posts here
 * and records what it answers. It hands the post (title, content, its file as the featured
 * image) to `publishToWordPress`, which marks a revoked connection.
 *
 * Errors are classified as for the social platforms: a `PlatformError` that is transient goes
 * back to the workflow, which waits (a 429's Retry-After: nothing was created, so it simply
 * calls again; a 5xx, a timeout or a dropped connection: the outcome is unknown, so it backs
 * off and sets `run.unknown`). With `run.unknown` this first looks the post up on the site
 * (`findPost`: GET /wp/v2/posts with search and after) and records the one it finds instead of
 * creating it twice; when the post is not there, it looks for the featured image the attempt may
 * have uploaded (`findMedia`) and uses it, so a retry leaves no second copy in the site's media
 * library. A refusal the user must act on (not connected, a revoked password with the reconnect
 * sentence, a user who may not publish) is a `PublishRefused` with its sentence.
 */
export async function sendToWordPress(post: PostItem, run: PublishRun): Promise<PublishedPost> {
  const page = { title: post.subject ?? '', html: blogHtml(post.content) };
  try {
    const [file] = await readyMediaItems(post.companyId, post.files.slice(0, 1));
    let featuredMediaId: number | undefined;
    if (run.unknown) {
      const since = new Date(run.since ?? post.updatedAt);
      const found = await findOnWordPress(post.companyId, page, since);
      if (found) {
        log('info', 'publish outcome found on the platform', { postId: post.id, platform: 'wordpress' });
        return { externalId: String(found.id), permalink: found.link || null };
      }
      if (file) featuredMediaId = await findMediaOnWordPress(post.companyId, file, since);
    }
    const bytes = file && !featuredMediaId ? await readMediaObject(file.objectKey) : undefined;
    const published = await publishOnSite(post.companyId, {
      ...page,
      featuredMediaId,
      media:
        file && bytes ? [{ filename: file.filename, contentType: file.contentType, bytes: new Uint8Array(bytes) }] : [],
    });
    return { externalId: String(published.id), permalink: published.link || null };
  } catch (error) {
    if (error instanceof PlatformError && error.transient) throw error;
    if (error instanceof DomainError) throw new PublishRefused(error.message);
    throw error;
  }
}
