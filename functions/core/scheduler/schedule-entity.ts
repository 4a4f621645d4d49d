import { z } from 'zod';
import { WORKFLOWS } from '../workflows';
import { defineEntity } from '../table/entity';
import { index, keys } from '../table/keys';

export const scheduleItemSchema = z.object({
  name: z.string(),
  /** When it falls due (ISO); also its GSI1 sort key, so the scheduler loop finds the due ones. */
  at: z.string(),
  workflow: z.enum(WORKFLOWS),
  input: z.unknown(),
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

/**
 * SCHEDULE#<name> / SCHEDULE: a one-time schedule of the embedded runtime (AWS has EventBridge
 * Scheduler). GSI1 `SCHEDULE` by `<at>#<name>`: the due ones; GSI2 `SCHEDULES` by name: a
 * company's, by prefix.
 */
export const schedules = defineEntity({
  type: 'schedule',
  schema: scheduleItemSchema,
  key: (s) => keys.schedule(s.name),
  indexes: (s) => ({ ...index.dueSchedule(s.at, s.name), ...index.scheduleByName(s.name) }),
});
