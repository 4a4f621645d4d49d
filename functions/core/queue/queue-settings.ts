import type { QueueSettings, QueueSettingsInput } from '@shared/schemas/queue';
import { requirePaidPlan } from '../billing/paid-plan';
import { clock } from '../clock';
import { moveIntoSlots } from './queue-placement';
import { queueSettingsOf, saveQueueSettings } from './queue-store';

export async function getQueueSettings(companyId: number, zone: string | undefined): Promise<QueueSettings> {
  const { settings, isDefault } = await queueSettingsOf(companyId, zone);
  return { ...settings, isDefault };
}

/**
 * Saves the zone and slots, then moves the queued posts into the new slots (a slot change moves
 * queued posts, never published ones). Behind the paid gate, as scheduling is.
 */
export async function changeQueueSettings(companyId: number, input: QueueSettingsInput): Promise<QueueSettings> {
  await requirePaidPlan(companyId);
  const now = clock.now();
  await saveQueueSettings(companyId, input, now);
  const moved = await moveIntoSlots(companyId, input, now);
  return { ...input, isDefault: false, moved };
}
