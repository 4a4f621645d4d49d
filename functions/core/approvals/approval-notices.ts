import { PLATFORM_LABELS } from '@shared/platforms';
import { getUser, getUsers } from '../accounts/user-store';
import type { PostItem } from '../posts/post-entity';
import { memberIds } from '../companies/company-store';
import { config } from '../config';
import { log } from '../log';
import { mailer, type MailMessage } from '../mail/mail-port';
import { postSnippet } from '../notifications/publish-failure-notice';
import { reviewDecidedMail, reviewRequestedMail } from './approval-mail';
import { otherApprovers } from './link-rules';

const postUrl = (post: PostItem) => `${config.appOrigin}/post/${post.id}`;

/** A mail that cannot be sent is logged, not retried: the post page and the chip still show the state. */
async function send(message: MailMessage, postId: number) {
  try {
    await mailer().send(message);
  } catch (error) {
    log('warn', 'approval mail not sent', { postId, error: (error as Error).message });
  }
}

/**
 * The approvers are the members but the one who asked for the review whose role may decide it
 * (link-rules.ts): a second pair of eyes is what the setting is for.
 */
export async function mailApprovers(post: PostItem, input: { requester: string; comment: string; again: boolean }) {
  const requestedBy = post.approval?.requestedBy;
  const ids =
    requestedBy === undefined ? await memberIds(post.companyId) : await otherApprovers(post.companyId, requestedBy);
  const approvers = await getUsers(ids);
  const platform = PLATFORM_LABELS[post.platform];
  for (const user of approvers) {
    await send(
      reviewRequestedMail(user.email, { ...input, platform, snippet: postSnippet(post), url: postUrl(post) }),
      post.id,
    );
  }
}

/** The author (who asked for the review) hears the decision. */
export async function mailAuthor(post: PostItem, input: { decider: string; approved: boolean; comment: string }) {
  const author = post.approval ? await getUser(post.approval.requestedBy) : undefined;
  if (!author) return;
  const platform = PLATFORM_LABELS[post.platform];
  await send(
    reviewDecidedMail(author.email, { ...input, platform, snippet: postSnippet(post), url: postUrl(post) }),
    post.id,
  );
}

/** After an edit: a post that went back to review asks its approvers again. */
export async function afterApprovalWrite(current: PostItem, next: PostItem) {
  if (next.approval?.state === 'in-review' && next.approval.round !== current.approval?.round) {
    await mailApprovers(next, { requester: '', comment: '', again: true });
  }
}
