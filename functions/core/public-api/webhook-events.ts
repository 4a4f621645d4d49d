import { getAudit } from '../audit/audit-store';
import { toApiPost } from '../calendar/post-store';
import type { PostItem } from '../calendar/post-entity';
import { publicAudit } from './public-audit';
import { emitWebhookEvent, trimmedPost } from './webhook-deliveries';

/**
 * The events other domains report, one call each from where the thing happens: the publish
 * steps (a post published or failed) and the audit's finish. Each records deliveries and
 * returns; none throws.
 */
export const webhookEvents = {
  postPublished: (post: PostItem) => emitWebhookEvent(post.companyId, 'post.published', trimmedPost(toApiPost(post))),
  postFailed: (post: PostItem) => emitWebhookEvent(post.companyId, 'post.failed', trimmedPost(toApiPost(post))),
  /** Read again once ended, so the event carries the audit as stored. */
  auditFinished: async (companyId: number, auditId: string) => {
    const audit = await getAudit(companyId, auditId).catch(() => undefined);
    if (audit) await emitWebhookEvent(companyId, 'audit.finished', { audit: publicAudit(audit) });
  },
};
