import type { QueueSettingsInput } from '@shared/schemas/queue';
import { nextScheduled } from '../posts/post-store';
import { writeSampleQueue } from '../queue/queue-samples';

const none = () => [[], [], [], [], [], [], []] as string[][];
/** The bakery's rhythm (demo-posts.ts): Tuesday, Thursday and Saturday at 09:30, the journal on Wednesdays at 11:00, UTC as its sample times are. */
const social = () => none().map((day, weekday) => ([2, 4, 6].includes(weekday) ? ['09:30'] : day));

const DEMO_QUEUE: QueueSettingsInput = {
  timeZone: 'UTC',
  slots: {
    facebook: social(),
    instagram: social(),
    threads: social(),
    linkedin: social(),
    wordpress: none().map((day, weekday) => (weekday === 3 ? ['11:00'] : day)),
  },
};

/** The demo's queue: its slots, with the scheduled sample posts waiting in them. */
export async function writeDemoQueue(companyId: number, now: Date): Promise<number> {
  return writeSampleQueue(companyId, DEMO_QUEUE, await nextScheduled(companyId, 200), now);
}
