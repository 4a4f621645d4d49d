import { describe, expect, it } from 'vitest';
import { calendarMessages } from '@shared/schemas/calendar';
import { DomainError } from '../../functions/core/errors';
import { transition, type PublishState } from '../../functions/core/posts/post-transitions';

/** Spec 01 §4 "Post": the state each action leads to, and what it refuses. */
const now = new Date('2026-03-10T12:00:00.000Z');
const later = '2026-03-12T09:00:00.000Z';
const state = (over: Partial<PublishState> = {}): PublishState => ({
  status: 'draft',
  scheduledAt: null,
  publish: false,
  date: '2026-03-01T10:00:00.000Z',
  ...over,
});
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};

describe('post transitions', () => {
  it('Save creates a draft (at its planned time, or now) and keeps any other state', () => {
    expect(transition(undefined, 'save', undefined, now)).toMatchObject({
      status: 'draft',
      date: now.toISOString(),
      needsPaidPlan: false,
    });
    expect(transition(undefined, 'save', later, now)).toMatchObject({
      status: 'draft',
      scheduledAt: later,
      date: later,
    });
    expect(transition(state({ status: 'failed' }), 'save', undefined, now).status).toBe('failed');
    const scheduled = state({ status: 'scheduled', scheduledAt: later, date: later });
    expect(transition(scheduled, 'save', undefined, now)).toMatchObject({ status: 'scheduled', scheduledAt: later });
  });

  it('Schedule needs a time in the future and the paid plan', () => {
    expect(transition(state(), 'schedule', later, now)).toMatchObject({
      status: 'scheduled',
      scheduledAt: later,
      publish: false,
      date: later,
      needsPaidPlan: true,
    });
    expect(refusal(() => transition(state(), 'schedule', undefined, now))).toEqual({
      kind: 'invalid',
      message: calendarMessages.scheduleNeedsTime,
    });
    expect(refusal(() => transition(state(), 'schedule', now.toISOString(), now))).toEqual({
      kind: 'invalid',
      message: calendarMessages.scheduleInPast,
    });
  });

  it('Publish Now clears the schedule, sets the flag and needs the paid plan', () => {
    const scheduled = state({ status: 'scheduled', scheduledAt: later, date: later });
    expect(transition(scheduled, 'publish', undefined, now)).toEqual({
      status: 'scheduled',
      scheduledAt: null,
      publish: true,
      date: now.toISOString(),
      needsPaidPlan: true,
    });
  });

  it('a scheduled post whose time has passed keeps it on Save, but cannot be moved into the past', () => {
    const past = '2026-03-09T09:00:00.000Z';
    const due = state({ status: 'scheduled', scheduledAt: past, date: past });
    expect(transition(due, 'save', undefined, now).scheduledAt).toBe(past);
    expect(refusal(() => transition(due, 'save', '2026-03-08T09:00:00.000Z', now)).message).toBe(
      calendarMessages.scheduleInPast,
    );
  });

  it('a published post, or one being published, has no actions', () => {
    for (const action of ['save', 'schedule', 'publish'] as const) {
      expect(refusal(() => transition(state({ status: 'published' }), action, later, now))).toEqual({
        kind: 'conflict',
        message: calendarMessages.publishedLocked,
      });
      expect(refusal(() => transition(state({ status: 'in-progress' }), action, later, now)).message).toBe(
        calendarMessages.publishingLocked,
      );
    }
  });
});
