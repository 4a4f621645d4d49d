import { isBlogPlatform, PLATFORM_LABELS } from '@shared/platforms';
import { getUsers } from '../accounts/user-store';
import type { PostItem } from '../posts/post-entity';
import { memberIds } from '../companies/company-store';
import { config } from '../config';
import { log } from '../log';
import { mailer } from '../mail/mail-port';
import { publishFailedMail } from './publish-failed-mail';
import { addNotification } from './notification-store';

/** The post as a person recognises it: its blog title or the first words of its copy. */
export function postSnippet(post: Pick<PostItem, 'subject' | 'content'>, max = 60): string {
  const text = (post.subject ?? post.content).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text || 'Empty post';
}

/**
 * Tells the company a post failed: a notice in the top bar and a mail to each member, naming
 * the post, the platform and the sentence that says what to do. A mail that cannot be sent is
 * logged, not retried: the notice and the calendar's red dot still say it.
 */
export async function noticePublishFailure(post: PostItem, sentence: string): Promise<void> {
  const platform = PLATFORM_LABELS[post.platform];
  const snippet = postSnippet(post);
  const title = `Your ${platform} post was not published`;
  await addNotification({
    companyId: post.companyId,
    kind: 'publish-failed',
    title,
    message: `“${snippet}”: ${sentence}`,
    postId: post.id,
    platform: post.platform,
  });
  const url = `${config.appOrigin}/${isBlogPlatform(post.platform) ? 'blog' : 'post'}/${post.id}`;
  const users = await getUsers(await memberIds(post.companyId));
  for (const user of users) {
    try {
      await mailer().send(publishFailedMail(user.email, { title, platform, snippet, sentence, url }));
    } catch (error) {
      log('warn', 'publish failure mail not sent', { postId: post.id, error: (error as Error).message });
    }
  }
}
