import { checkPost, type Platform } from '@shared/platform-rules';
import { calendarMessages, type PostAction, type PostStatus } from '@shared/schemas/calendar';
import { conflict, fieldError, invalid } from '../errors';

/** The publishing state of a post before an action. */
export interface PublishState {
  status: PostStatus;
  scheduledAt: string | null;
  publish: boolean;
  date: string;
}

/** What an action asks for, and what the caller must check before it is written. */
export interface Transition extends PublishState {
  /** Schedule and Publish Now need a paid plan (spec 01 §6). */
  needsPaidPlan: boolean;
}

/** Refuses any change to a post that is published or being published (spec 01 §4: no edit actions). */
export function assertEditable(status: PostStatus): void {
  if (status === 'published') throw conflict(calendarMessages.publishedLocked);
  if (status === 'in-progress') throw conflict(calendarMessages.publishingLocked);
}

/**
 * Spec 01 §4 "Post": Save creates a draft or keeps the current state; Schedule sets scheduledAt
 * and status scheduled; Publish Now clears the schedule and sets the publish flag (the post waits
 * as scheduled, with no time, until the publisher moves it to in-progress). `scheduledAt`
 * undefined means "unchanged". Pure: the caller checks the rules and the plan it answers.
 */
export function transition(
  current: PublishState | undefined,
  action: PostAction,
  scheduledAt: string | null | undefined,
  now: Date,
): Transition {
  if (current) assertEditable(current.status);
  const time = scheduledAt === undefined ? (current?.scheduledAt ?? null) : scheduledAt;
  const nowIso = now.toISOString();
  if (action === 'publish') {
    return { status: 'scheduled', scheduledAt: null, publish: true, date: nowIso, needsPaidPlan: true };
  }
  if (action === 'schedule' || (current?.status === 'scheduled' && !current.publish)) {
    if (!time) throw fieldError('scheduledAt', calendarMessages.scheduleNeedsTime);
    // A scheduled post kept as it is may keep its time; a new or moved time must be ahead.
    const moved = action === 'schedule' || time !== current?.scheduledAt;
    if (moved && Date.parse(time) <= now.getTime()) throw fieldError('scheduledAt', calendarMessages.scheduleInPast);
    return {
      status: 'scheduled',
      scheduledAt: time,
      publish: action === 'schedule' ? false : (current?.publish ?? false),
      date: time,
      needsPaidPlan: action === 'schedule',
    };
  }
  return {
    status: current?.status ?? 'draft',
    scheduledAt: time,
    publish: current?.publish ?? false,
    date: time ?? current?.date ?? nowIso,
    needsPaidPlan: false,
  };
}

/**
 * A scheduled or publishing post must meet its platform's rules (spec 01 §5); a draft may break
 * them and shows why on the calendar. Each broken rule is a 422 against its field.
 */
export function assertPublishable(post: {
  platform: Platform;
  content: string;
  files: readonly number[];
  subject: string | null;
}): void {
  const check = checkPost(post);
  if (!check.valid)
    throw invalid(
      check.message,
      check.problems.map((p) => ({ path: p.field, message: p.message })),
    );
}
