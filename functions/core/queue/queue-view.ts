import { slotInstants } from '@shared/queue-slots';
import { QUEUE_PLATFORMS, QUEUE_VIEW_WEEKS, type Queue } from '@shared/schemas/queue';
import { toApiPost } from '../posts/post-store';
import { clock } from '../clock';
import { platformClaims, queueSettingsOf } from './queue-store';

/**
 * What goes out next, per platform: the slots of the next QUEUE_VIEW_WEEKS weeks, free or taken,
 * and every later slot a post holds, soonest first.
 */
export async function queueView(companyId: number, zone: string | undefined, now = clock.now()): Promise<Queue> {
  const { settings, isDefault } = await queueSettingsOf(companyId, zone);
  const until = new Date(now.getTime() + QUEUE_VIEW_WEEKS * 7 * 86_400_000);
  const platforms = await Promise.all(
    QUEUE_PLATFORMS.map(async (platform) => {
      const { held } = await platformClaims(companyId, platform, now);
      const taken = new Map(held.map((h) => [h.claim.at, toApiPost(h.post)]));
      const free = slotInstants(settings.slots[platform], settings.timeZone, now, until).map((d) => d.toISOString());
      const all = [...new Set([...free, ...taken.keys()])].sort();
      return { platform, slots: all.map((at) => ({ at, post: taken.get(at) ?? null })) };
    }),
  );
  return { timeZone: settings.timeZone, isDefault, platforms };
}
