import { slotInstants } from '@shared/queue-slots';
import {
  QUEUE_HORIZON_WEEKS,
  QUEUE_PLATFORMS,
  type QueuePlatform,
  type QueueSettingsInput,
} from '@shared/schemas/queue';
import type { PostItem } from '../posts/post-entity';
import { queueSlotClaims } from './queue-entities';
import { saveQueueSettings } from './queue-store';

/**
 * A sample queue (a demo company's): the settings, and a claim for each scheduled post that sits
 * in one of their slots, so the queue view shows those posts waiting in them. Written over what
 * an earlier run wrote: claims of posts since replaced are stale, and a slot's claim is replaced.
 */
export async function writeSampleQueue(
  companyId: number,
  settings: QueueSettingsInput,
  scheduled: readonly PostItem[],
  now: Date,
): Promise<number> {
  await saveQueueSettings(companyId, settings, now);
  const until = new Date(now.getTime() + QUEUE_HORIZON_WEEKS * 7 * 86_400_000);
  const slots = new Map(
    QUEUE_PLATFORMS.map((p) => [
      p,
      new Set(slotInstants(settings.slots[p], settings.timeZone, now, until).map((d) => d.toISOString())),
    ]),
  );
  const isQueuePlatform = (p: string): p is QueuePlatform => slots.has(p as QueuePlatform);
  let claimed = 0;
  for (const post of scheduled) {
    const at = post.scheduledAt;
    if (post.status !== 'scheduled' || post.publish || !at || !isQueuePlatform(post.platform)) continue;
    if (!slots.get(post.platform)?.has(at)) continue;
    await queueSlotClaims.put({
      companyId,
      platform: post.platform,
      at,
      postId: post.id,
      ttl: Math.floor(Date.parse(at) / 1000) + 30 * 86_400,
    });
    claimed++;
  }
  return claimed;
}
