import { describe, expect, it } from 'vitest';
import { approvalMessages } from '@shared/schemas/approvals';
import { reviewViewSchema } from '@shared/schemas/approval-review';
import { APPROVAL_STATES } from '@shared/schemas/approval-state';
import { postSchema } from '@shared/schemas/calendar';
import type { PostItem } from '../../functions/core/posts/post-entity';
import { DomainError } from '../../functions/core/errors';
import { applyApprovalRules, EDITED_AFTER_APPROVAL } from '../../functions/core/posts/approval-rules';
import type { ApprovalItem } from '../../functions/core/posts/approval-item';

const now = new Date('2026-03-10T12:00:00.000Z');
const later = '2026-03-12T09:00:00.000Z';

const approval = (state: ApprovalItem['state']): ApprovalItem => ({ state, round: 1, requestedBy: 7, comments: [] });

const post = (over: Partial<PostItem> = {}): PostItem => ({
  id: 1,
  companyId: 1,
  groupId: 1,
  siblingIds: [1],
  subject: null,
  content: 'The approved words of this post, long enough for every platform rule that applies to it.',
  platform: 'facebook',
  status: 'draft',
  scheduledAt: null,
  publishedAt: null,
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
  date: now.toISOString(),
  files: [],
  publish: false,
  failure: null,
  externalId: null,
  permalink: null,
  leaseUntil: null,
  approval: null,
  firstComment: null,
  version: 3,
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

describe('approval rules of a post write', () => {
  it('change nothing where the company does not ask for approvals', () => {
    const next = post({ status: 'scheduled', scheduledAt: later });
    expect(applyApprovalRules(post(), next, 'schedule', false, now, 7)).toBe(next);
  });

  it('refuse Schedule, Publish Now and a new scheduled post until the post is approved', () => {
    for (const state of [null, 'in-review', 'changes-requested'] as const) {
      const current = post({ approval: state ? approval(state) : null });
      const scheduled = { ...current, status: 'scheduled' as const, scheduledAt: later };
      expect(refusal(() => applyApprovalRules(current, scheduled, 'schedule', true, now, 7))).toEqual({
        kind: 'invalid',
        message: approvalMessages.needsApproval,
      });
      const now_ = { ...current, status: 'scheduled' as const, publish: true };
      expect(refusal(() => applyApprovalRules(current, now_, 'publish', true, now, 7)).message).toBe(
        approvalMessages.needsApproval,
      );
    }
    expect(
      refusal(() => applyApprovalRules(undefined, post({ status: 'scheduled' }), 'schedule', true, now, 7)).message,
    ).toBe(approvalMessages.needsApproval);
  });

  it('let an approved post be scheduled, moved or published now', () => {
    const current = post({ approval: approval('approved') });
    const scheduled = { ...current, status: 'scheduled' as const, scheduledAt: later };
    expect(applyApprovalRules(current, scheduled, 'schedule', true, now, 7)).toEqual(scheduled);
    const moved = { ...scheduled, scheduledAt: '2026-03-13T09:00:00.000Z' };
    expect(applyApprovalRules(scheduled, moved, 'schedule', true, now, 7).approval?.state).toBe('approved');
  });

  it('put an approved post back in review when its copy or files change, a new round', () => {
    const current = post({ approval: approval('approved') });
    for (const change of [{ content: `${current.content}!` }, { files: [4] }, { subject: 'A title' }]) {
      // Someone other than the first asker edits it: the edit is theirs to have approved.
      const next = applyApprovalRules(current, { ...current, ...change }, 'save', true, now, 9);
      expect(next.approval).toMatchObject({ state: 'in-review', round: 2, requestedBy: 9 });
      expect(next.approval?.comments.at(-1)).toMatchObject({ decision: 'in-review', text: EDITED_AFTER_APPROVAL });
    }
  });

  it('move a scheduled post whose copy changed back to draft, its time kept', () => {
    const current = post({ status: 'scheduled', scheduledAt: later, date: later, approval: approval('approved') });
    const next = applyApprovalRules(
      current,
      { ...current, content: `${current.content} Edited.` },
      'save',
      true,
      now,
      7,
    );
    expect(next).toMatchObject({ status: 'draft', scheduledAt: later, date: later, publish: false });
    expect(next.approval?.state).toBe('in-review');
    // Saving it unchanged (or moving only its time) keeps it scheduled and approved.
    expect(applyApprovalRules(current, { ...current }, 'save', true, now, 7)).toMatchObject({ status: 'scheduled' });
  });

  it('keep a post scheduled before the setting while it is not changed', () => {
    const current = post({ status: 'scheduled', scheduledAt: later, date: later });
    expect(applyApprovalRules(current, { ...current }, 'save', true, now, 7).status).toBe('scheduled');
    const edited = applyApprovalRules(current, { ...current, content: 'Other words.' }, 'save', true, now, 7);
    expect(edited.status).toBe('draft');
  });
});

describe('approval states written out for the first load', () => {
  it('are approval-state.ts’s in the post schema and the review page’s schema', () => {
    const approval = postSchema.shape.approval as unknown as { _zod: { def: { innerType: { options: string[] } } } };
    expect(approval._zod.def.innerType.options).toEqual([...APPROVAL_STATES]);
    const state = reviewViewSchema.shape.state as unknown as { _zod: { def: { innerType: { options: string[] } } } };
    expect(state._zod.def.innerType.options).toEqual([...APPROVAL_STATES]);
  });
});
