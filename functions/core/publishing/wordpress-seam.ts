import type { PostItem } from '../calendar/post-entity';
import { DomainError } from '../errors';
import type { PublishedPost } from '../integrations/platform-client';
import { publishToWordPress as publishOnSite } from '../integrations/wordpress-connection';
import { readMediaObject } from '../media/media-objects';
import { readyMediaItems } from '../media/media-store';

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
 * THE SEAM for blog posts to WordPress: the workflow routes `wordpress` posts here and records
 * what it answers. It hands the post (title, content, its file as the featured image) to issue
 * 19's `publishToWordPress`, which marks a revoked connection. A refusal the user must act on
 * answers `{ failed: sentence }`.
 *
 * Weak spot, said plainly: WordPress's create is called once; an unknown outcome (a 5xx after
 * the site created the post) is not looked up before the user's retry, as the social platforms'
 * are, because the WordPress client has no lookup yet (GET /wp/v2/posts?search= would be it).
 */
export async function publishToWordPress(post: PostItem): Promise<PublishedPost | { failed: string }> {
  const [file] = await readyMediaItems(post.companyId, post.files.slice(0, 1));
  const bytes = file ? await readMediaObject(file.objectKey) : undefined;
  try {
    const published = await publishOnSite(post.companyId, {
      title: post.subject ?? '',
      html: blogHtml(post.content),
      media:
        file && bytes ? [{ filename: file.filename, contentType: file.contentType, bytes: new Uint8Array(bytes) }] : [],
    });
    return { externalId: String(published.id), permalink: published.link || null };
  } catch (error) {
    if (error instanceof DomainError) return { failed: error.message };
    throw error;
  }
}
