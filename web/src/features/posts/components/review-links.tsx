import type { ReviewLinkItem } from '@shared/schemas/approvals';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, viewerZone } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { useRevokeReviewLink, useReviewLinks } from '@/api/approvals/review-links';
import './review-links.css';

const maker = (link: ReviewLinkItem) => link.madeBy ?? 'Someone, before links said who made them';

/**
 * The review's live links (unused, unexpired, this review), who made each and until when, each
 * with Revoke: a link handed to the wrong person can be taken back before it is used.
 */
export function ReviewLinks({ postId, onRevoked }: { postId: number; onRevoked: (linkId: string) => void }) {
  const links = useReviewLinks(postId);
  const revoke = useRevokeReviewLink(postId);
  const confirm = useConfirm();
  if (links.isError) return <Alert type="error">{errorMessage(links.error)}</Alert>;
  if (!links.data?.length) return null;
  const zone = viewerZone();
  const onRevoke = async (link: ReviewLinkItem) => {
    const ok = await confirm({
      title: 'Revoke this review link?',
      description: 'Whoever has it can no longer open this post or decide its review. This cannot be undone.',
      confirmLabel: 'Revoke link',
      destructive: true,
    });
    if (!ok) return;
    revoke.mutate(link.id, {
      onSuccess: () => {
        onRevoked(link.id);
        notify.success('Review link revoked.');
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };
  return (
    <section className="review-links" aria-labelledby={`review-links-${postId}`}>
      <h3 className="review-links__title" id={`review-links-${postId}`}>
        Live review links
      </h3>
      <ul className="review-links__list">
        {links.data.map((link) => (
          <li key={link.id} className="review-links__item">
            <span className="review-links__text">
              <span>
                {maker(link)}, <time dateTime={link.createdAt}>{formatDateTime(link.createdAt, zone)}</time>
              </span>
              <span className="muted">
                Until <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt, zone)}</time>
              </span>
            </span>
            <Button
              variant="danger-ghost"
              size="sm"
              pending={revoke.isPending && revoke.variables === link.id}
              onClick={() => void onRevoke(link)}
              aria-label={`Revoke the review link ${link.madeBy ? `made by ${link.madeBy}` : 'of an unknown maker'} on ${formatDateTime(link.createdAt, zone)}`}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
