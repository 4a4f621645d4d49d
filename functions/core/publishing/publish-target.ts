import { PLATFORM_LABELS, type SocialPlatform } from '@shared/schemas/integrations';
import type { PostItem } from '../posts/post-entity';
import { getConnection, markReconnect, notConnected, openSecrets } from '../integrations/connection-store';
import {
  PublishRefused,
  type PublishMedia,
  type Publisher,
  type PublishRequest,
} from '../integrations/platform-client';
import { PlatformError } from '../integrations/platform-error';
import { platformClient } from '../integrations/platforms';
import { wordpressPublisher } from '../integrations/wordpress-connection';
import { presignMediaDownload, readMediaObject } from '../media/media-objects';
import { readyMediaItems } from '../media/media-store';
import { blogPost } from './wordpress-request';

const targetSentences = {
  noProfile: (p: SocialPlatform) =>
    `Choose the ${PLATFORM_LABELS[p]} page or profile posts go to on the apps page, then publish again.`,
  missingFile: 'A file of this post is no longer in the media library. Choose its files again and publish again.',
};

/**
 * The publish request for a social post: the company's connection (it must be connected and
 * have its page or profile chosen), its tokens, and the post's files as presigned addresses
 * (and bytes on demand). Files are read in the order the post lists them.
 */
export async function publishRequest(post: PostItem, platform: SocialPlatform): Promise<PublishRequest> {
  const connection = await getConnection(post.companyId, platform);
  if (!connection) throw new PublishRefused(notConnected(platform).message);
  if (connection.status === 'reconnect') {
    throw new PublishRefused(
      connection.message ??
        `Your ${PLATFORM_LABELS[platform]} connection has expired. Reconnect ${PLATFORM_LABELS[platform]} from the apps page.`,
    );
  }
  if (!connection.profile) throw new PublishRefused(targetSentences.noProfile(platform));
  const secrets = await openSecrets(connection);
  const items = await readyMediaItems(post.companyId, post.files);
  const byId = new Map(items.map((m) => [m.id, m]));
  const media: PublishMedia[] = [];
  for (const id of post.files) {
    const item = byId.get(id);
    if (!item) throw new PublishRefused(targetSentences.missingFile);
    media.push({
      kind: item.mediaType === 'video' ? 'video' : 'image',
      url: await presignMediaDownload(item.objectKey),
      contentType: item.contentType,
      read: async () => {
        const bytes = await readMediaObject(item.objectKey);
        if (!bytes) throw new PublishRefused(targetSentences.missingFile);
        return bytes;
      },
    });
  }
  return {
    tokens: secrets.user,
    targetToken: secrets.target,
    targetId: connection.profile.id,
    text: post.content,
    media,
  };
}

/**
 * Runs `use` with the post's publisher and the request it takes, whatever its platform, so the
 * publish steps take one path: a social platform's client (platforms.ts) with the connection's
 * tokens and the files' addresses (publishRequest), or WordPress's (wordpress-connection.ts) with
 * the blog post as WordPress takes it (wordpress-request.ts).
 */
export async function withPublisher<T>(
  post: PostItem,
  use: <R>(publisher: Publisher<R>, request: R) => Promise<T>,
): Promise<T> {
  if (post.platform === 'wordpress') return use(wordpressPublisher, await blogPost(post));
  const platform = post.platform as SocialPlatform;
  return use(platformClient(platform).publisher, await publishRequest(post, platform));
}

/**
 * A dead token marks the connection for reconnecting (the apps tab then says so). Workers do
 * not touch schedules (in AWS the state machine would depend on itself), so the pending
 * refresh is left to fire and find the mark.
 */
export async function markIfExpired(companyId: number, error: unknown): Promise<void> {
  if (error instanceof PlatformError && error.failure === 'expired') {
    await markReconnect(companyId, error.platform, error.message, { fromRefresh: true });
  }
}
