import { createHash } from 'node:crypto';
import type { PostItem } from '../posts/post-entity';
import { PublishRefused } from '../integrations/platform-client';
import type { BlogFile, BlogPost } from '../integrations/wordpress-connection';
import type { MediaItem } from '../media/media-entity';
import { readMediaObject } from '../media/media-objects';
import { readyMediaItems } from '../media/media-store';
import { wordpressHtml, wordpressTitle } from './wordpress-content';

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
        throw new PublishRefused(
          `The file ${file.filename} is no longer in the media library. Choose it again, then publish.`,
        );
      return new Uint8Array(bytes);
    },
  };
}

/**
 * The request of a blog post to WordPress, which its publisher takes (wordpress-connection.ts)
 * as the social platforms' take theirs (publish-target.ts): the title as text, the markdown as
 * HTML (wordpress-content.ts), its categories and tags, and its file (an image as the featured
 * image, a video in the body, attached to the post, with alt text).
 */
export async function blogPost(post: PostItem): Promise<BlogPost> {
  const [file] = await readyMediaItems(post.companyId, post.files.slice(0, 1));
  return {
    companyId: post.companyId,
    title: wordpressTitle(post.subject ?? ''),
    html: wordpressHtml(post.content),
    categories: post.wordpress?.categories ?? [],
    tags: post.wordpress?.tags ?? [],
    file: file ? blogFile(post, file) : undefined,
  };
}
