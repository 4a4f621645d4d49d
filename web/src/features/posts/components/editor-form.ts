import { zonedInstant } from '@shared/calendar-time';
import type { Platform } from '@shared/platform-rules';
import { calendarFormMessages, type PostAction, type WordPressTerms } from '@shared/schemas/calendar';
import { z } from 'zod/mini';

/** A day and a time in the viewer's zone, as the schedule picker holds them. */
export interface ScheduleParts {
  day: string;
  time: string;
}

/**
 * What the post editor's inputs hold, named as the API names its fields so a 422 lands on them.
 * `action` is not an input: it is the button the submit came from (Save, Schedule, Publish Now),
 * which the submit sets, as a form's submitter adds its own name and value.
 */
export interface EditorValues {
  action: PostAction;
  platforms: Platform[];
  subject: string;
  content: string;
  files: number[];
  wordpress: WordPressTerms | undefined;
  scheduledAt: ScheduleParts;
}

/**
 * The editor's own checks, before the platforms' rules (which load with the first Schedule or
 * Publish Now): a new post needs a platform (an edited one has its own), and Schedule a day and
 * time that exist in `zone`. The schedule becomes the instant the API takes; a draft or Publish
 * Now without a valid one goes without it.
 */
export const editorSchema = (zone: string) =>
  z
    .object({
      action: z.custom<PostAction>(),
      platforms: z.array(z.custom<Platform>()).check(z.minLength(1, calendarFormMessages.platformsRequired)),
      subject: z.string(),
      content: z.string(),
      files: z.array(z.number()),
      wordpress: z.optional(z.custom<WordPressTerms>()),
      scheduledAt: z.pipe(
        z.custom<ScheduleParts>(),
        z.transform(({ day, time }: ScheduleParts) => {
          try {
            return zonedInstant(day, time, zone).toISOString();
          } catch {
            return undefined;
          }
        }),
      ),
    })
    .check(
      z.refine((values) => values.action !== 'schedule' || values.scheduledAt !== undefined, {
        error: calendarFormMessages.scheduleNeedsTime,
        path: ['scheduledAt'],
      }),
    );

/** What passes the editor's checks: the values, the schedule as an instant (or none). */
export type EditorSubmit = z.output<ReturnType<typeof editorSchema>>;
