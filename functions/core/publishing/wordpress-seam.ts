import { createHash } from 'node:crypto';
import type { PostItem } from '../calendar/post-entity';
import { DomainError, invalid } from '../errors';
import type { PublishedPost } from '../integrations/platform-client';
import { PlatformError } from '../integrations/platform-error';
import { publishBlogPost, type BlogFile } from '../integrations/wordpress-connection';
import { log } from '../log';
import type { MediaItem } from '../media/media-entity';
import { readMediaObject } from '../media/media-objects';
import { readyMediaItems } from '../media/media-store';
import type { PublishRun } from './publish-input';
import { PublishRefused } from './publish-target';
import { wordpressHtml, wordpressTitle } from './wordpress-content';

/** Blog posts for a custom blog are published by hand: the editor offers them for the clipboard (spec 01 §4). */
export const customBlogSentence =
  'Custom blog posts are published by hand. Open the post, copy it and publish it on your blog.';

/**
 * What the site will call the upload, chosen by us and the same on every attempt for this post
 * and file: after an answer that never came, the file is found by it, never by guessing the
 * name WordPress made of the file's (sanitize_file_name, -1 suffixes).
 */
export const wordpressMediaSlug = (post: Pick<PostItem, 'companyId' | 'id'>, file: Pick<MediaItem, 'id'>) =>
  `ma-${createHash('sha256').update(`${post.companyId}:${post.id}:${file.id}`).digest('hex').slice(0, 16)}`;

function blogFile(post: PostItem, file: MediaItem): BlogFile {
  return {
    slug: wordpressMediaSlug(post, file),
    filename: file.filename,
    contentType: file.contentType,
    title: file.filename.replace(/\.[^.]*$/, '') || (post.subject ?? ''),
    // The library's description says what the picture shows; else the post's title does. Escaped
    // as the title is: WordPress strips anything that looks like a tag from an alt text.
    altText: wordpressTitle((file.description.trim() || post.subject || '').slice(0, 250)),
    read: async () => {
      const bytes = await readMediaObject(file.objectKey);
      if (!bytes)
        throw invalid(`The file ${file.filename} is no longer in the media library. Choose it again, then publish.`);
      return new Uint8Array(bytes);
    },
  };
}

/**
 * THE SEAM for blog posts to WordPress: the workflow's Send step routes `wordpress` posts here
 * and records what it answers. It hands the post over as WordPress takes it (the title as
 * text, the markdown as HTML: wordpress-content.ts), with its categories and tags and its file
 * (an image as the featured image, a video in the body, attached to the post, with alt text).
 *
 * Errors are classified as for the social platforms: a `PlatformError` that is transient goes
 * back to the workflow, which waits (a 429's Retry-After: nothing was created, so it simply
 * calls again; a 5xx, a timeout or a dropped connection: the outcome is unknown, so it backs
 * off and sets `run.unknown`). With `run.unknown` the post is first looked up on the site
 * (GET /wp/v2/posts with search and after) and the one found is recorded instead of created
 * twice; the file is always looked up by its slug first, so no attempt uploads it twice. A
 * refusal the user must act on (not connected, a revoked password, a role that may not
 * publish, a file too large) is a `PublishRefused` with its sentence.
 */
export async function sendToWordPress(post: PostItem, run: PublishRun): Promise<PublishedPost> {
  try {
    const [file] = await readyMediaItems(post.companyId, post.files.slice(0, 1));
    const published = await publishBlogPost(post.companyId, {
      title: wordpressTitle(post.subject ?? ''),
      html: wordpressHtml(post.content),
      categories: post.wordpress?.categories ?? [],
      tags: post.wordpress?.tags ?? [],
      file: file ? blogFile(post, file) : undefined,
      unknownSince: run.unknown ? new Date(run.since ?? post.updatedAt) : undefined,
    });
    if (published.found)
      log('info', 'publish outcome found on the platform', { postId: post.id, platform: 'wordpress' });
    return { externalId: String(published.id), permalink: published.link || null };
  } catch (error) {
    if (error instanceof PlatformError && error.transient) throw error;
    if (error instanceof DomainError) throw new PublishRefused(error.message);
    throw error;
  }
}
