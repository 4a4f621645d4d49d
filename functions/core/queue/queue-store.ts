import { defaultQueueSettings } from '@shared/queue-slots';
import type { QueuePlatform, QueueSettingsInput } from '@shared/schemas/queue';
import type { PostItem } from '../posts/post-entity';
import { postsByIds } from '../posts/post-store';
import type { PutOptions, TransactionItem } from '../table/entity';
import { companyItemPrefix, keys, partition } from '../table/keys';
import { queueSettingsItems, queueSlotClaims, type QueueSlotClaim } from './queue-entities';

/** The company's queue settings, or the defaults in `zone` (UTC when none is named) until it saves its own. */
export async function queueSettingsOf(
  companyId: number,
  zone = 'UTC',
): Promise<{ settings: QueueSettingsInput; isDefault: boolean }> {
  const saved = await queueSettingsItems.get(keys.queueSettings(companyId), { consistent: true });
  if (!saved) return { settings: defaultQueueSettings(zone), isDefault: true };
  return { settings: { timeZone: saved.timeZone, slots: saved.slots }, isDefault: false };
}

export async function saveQueueSettings(companyId: number, settings: QueueSettingsInput, now: Date): Promise<void> {
  const current = await queueSettingsItems.get(keys.queueSettings(companyId), { consistent: true });
  await queueSettingsItems.put({
    companyId,
    ...settings,
    updatedAt: now.toISOString(),
    version: (current?.version ?? 0) + 1,
  });
}

/** Whether a claim still counts: its post waits, scheduled at exactly the claim's instant. */
const holds = (claim: QueueSlotClaim, post: PostItem | undefined): post is PostItem =>
  !!post &&
  post.id === claim.postId &&
  post.status === 'scheduled' &&
  !post.publish &&
  post.scheduledAt === claim.at &&
  post.platform === claim.platform;

/** One platform's slots as its claims say, from `after` on: those whose post still holds them, and the stale rest. */
export interface PlatformClaims {
  held: { claim: QueueSlotClaim; post: PostItem }[];
  /** Claims a post left (deleted, moved by hand, published now): free slots, taken over on condition. */
  stale: Map<string, QueueSlotClaim>;
}

export async function platformClaims(companyId: number, platform: QueuePlatform, after: Date): Promise<PlatformClaims> {
  const prefix = `${companyItemPrefix.queueSlot}${platform}#`;
  const claims = await queueSlotClaims.query({
    pk: partition.company(companyId),
    sk: { between: [`${prefix}${after.toISOString()}`, `${prefix}\uffff`] },
    consistent: true,
  });
  const posts = new Map(
    (
      await postsByIds(
        companyId,
        claims.map((c) => c.postId),
      )
    ).map((p) => [p.id, p]),
  );
  const held: PlatformClaims['held'] = [];
  const stale = new Map<string, QueueSlotClaim>();
  for (const claim of claims) {
    if (claim.at <= after.toISOString()) continue;
    const post = posts.get(claim.postId);
    if (holds(claim, post)) held.push({ claim, post });
    else stale.set(claim.at, claim);
  }
  held.sort((a, b) => a.claim.at.localeCompare(b.claim.at));
  return { held, stale };
}

/** Claims expire a month after their slot: by then the post went out, or was moved and the claim left. */
const ttlAfter = (at: string) => Math.floor(Date.parse(at) / 1000) + 30 * 86_400;

/**
 * The claim of a slot for a post, on condition that nobody holds it: the slot is absent, or its
 * stored claim still names `previousHolder` (a stale claim, or the post that moves out of it in
 * the same transaction).
 */
export function claimSlot(
  companyId: number,
  platform: QueuePlatform,
  at: string,
  postId: number,
  previousHolder: number | undefined,
): TransactionItem {
  const condition: PutOptions =
    previousHolder === undefined
      ? { ifAbsent: true }
      : {
          onlyIf: {
            expression: '#held = :previous',
            names: { '#held': 'postId' },
            values: { ':previous': previousHolder },
          },
        };
  return queueSlotClaims.tx.put({ companyId, platform, at, postId, ttl: ttlAfter(at) }, condition);
}

/** A slot given up by the post that holds it, only while it still does. */
export const releaseSlot = (companyId: number, platform: QueuePlatform, at: string, postId: number): TransactionItem =>
  queueSlotClaims.tx.delete(keys.queueSlot(companyId, platform, at), {
    when: { expression: '#held = :holder', names: { '#held': 'postId' }, values: { ':holder': postId } },
  });

/** The claim of one slot as stored now. */
export const storedClaim = (companyId: number, platform: QueuePlatform, at: string) =>
  queueSlotClaims.get(keys.queueSlot(companyId, platform, at), { consistent: true });
