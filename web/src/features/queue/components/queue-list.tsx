import { PLATFORM_LABELS, isBlogPlatform } from '@shared/platforms';
import type { Queue } from '@shared/schemas/queue';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { promptIfUpgradeRequired } from '@/components/upgrade-prompt';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { formatInZone } from '@/lib/format-date';
import { notify } from '@/lib/toast';
import { useRemoveFromQueue, useReorderQueue } from '@/api/queue/queue';

const excerpt = (text: string) => (text.length > 90 ? `${text.slice(0, 90)}…` : text);
const failed = (error: unknown) => {
  if (!promptIfUpgradeRequired(error)) notify.error(errorMessage(error));
};

/**
 * One platform's queue: its slots soonest first, each free or with the post waiting in it. Move up
 * and Move down swap a post with the queued post before or after it (reorder); Remove takes it out.
 */
export function PlatformQueue({
  entry,
  zone,
  mayEdit,
}: {
  entry: Queue['platforms'][number];
  zone: string;
  mayEdit: boolean;
}) {
  const reorder = useReorderQueue();
  const remove = useRemoveFromQueue();
  const label = PLATFORM_LABELS[entry.platform];
  const queued = entry.slots.flatMap((s) => (s.post ? [s.post] : []));
  const busy = reorder.isPending || remove.isPending;
  const swap = (index: number, by: -1 | 1) => {
    const order = queued.map((p) => p.id);
    const [a, b] = [order[index], order[index + by]];
    if (a === undefined || b === undefined) return;
    order[index] = b;
    order[index + by] = a;
    reorder.mutate({ platform: entry.platform, postIds: order }, { onError: failed });
  };
  return (
    <Card title={label} description={`${queued.length} queued`} className="queue-platform">
      {entry.slots.length ? (
        <ol className="queue-slots" aria-label={`${label} slots`}>
          {entry.slots.map((slot) => {
            const post = slot.post;
            const index = post ? queued.findIndex((p) => p.id === post.id) : -1;
            return (
              <li key={slot.at} className={post ? 'queue-slot queue-slot--taken' : 'queue-slot'}>
                <time className="queue-slot__time" dateTime={slot.at}>
                  {formatInZone(slot.at, 'EEE d MMM, HH:mm', zone)}
                </time>
                {post ? (
                  <>
                    <Link
                      className="queue-slot__post"
                      to={`/${isBlogPlatform(post.platform) ? 'blog' : 'post'}/${post.id}`}
                    >
                      {excerpt(post.subject ?? post.content)}
                    </Link>
                    {mayEdit ? (
                      <span className="queue-slot__actions">
                        <Button
                          size="sm"
                          variant="ghost"
                          icon={<ArrowUp size={16} aria-hidden />}
                          disabled={busy || index === 0}
                          onClick={() => swap(index, -1)}
                          aria-label={`Move up: ${label} post ${post.id}`}
                        >
                          Up
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          icon={<ArrowDown size={16} aria-hidden />}
                          disabled={busy || index === queued.length - 1}
                          onClick={() => swap(index, 1)}
                          aria-label={`Move down: ${label} post ${post.id}`}
                        >
                          Down
                        </Button>
                        <Button
                          size="sm"
                          variant="danger-ghost"
                          icon={<X size={16} aria-hidden />}
                          disabled={busy}
                          onClick={() => remove.mutate(post.id, { onError: failed })}
                          aria-label={`Remove from queue: ${label} post ${post.id}`}
                        >
                          Remove
                        </Button>
                      </span>
                    ) : null}
                  </>
                ) : (
                  <span className="queue-slot__free">Free slot</span>
                )}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="queue-empty">No time slots in the next two weeks. Add some in the time slots below.</p>
      )}
    </Card>
  );
}
