import { describe, expect, it } from 'vitest';
import { checkFirstComment, FIRST_COMMENT_MAX, firstCommentMessages } from '@shared/first-comment-rules';
import { postWatchAt } from '../../functions/core/posts/post-watch';

describe('first comment rules', () => {
  it("hold each platform's own comment limit, and no other platform takes one", () => {
    expect(FIRST_COMMENT_MAX).toEqual({ facebook: 8000, instagram: 2200, linkedin: 1250 });
    expect(checkFirstComment('linkedin', 'x'.repeat(1250))).toBeNull();
    expect(checkFirstComment('linkedin', 'x'.repeat(1251))).toBe(firstCommentMessages.tooLong(1250));
    expect(checkFirstComment('instagram', 'x'.repeat(2201))).toBe(firstCommentMessages.tooLong(2200));
    expect(checkFirstComment('facebook', 'x'.repeat(8000))).toBeNull();
    for (const platform of ['threads', 'wordpress', 'custom-blog'] as const)
      expect(checkFirstComment(platform, 'Hi')).toBe(firstCommentMessages.notSupported);
    // Empty is no first comment, on any platform.
    expect(checkFirstComment('threads', '  ')).toBeNull();
  });

  it('keep a published post watched until its first comment is posted or failed', () => {
    const published = {
      status: 'published',
      publish: false,
      scheduledAt: null,
      updatedAt: '2026-03-10T12:00:00.000Z',
      leaseUntil: null,
    };
    expect(postWatchAt(published)).toBeUndefined();
    expect(postWatchAt({ ...published, firstComment: { status: 'pending', leaseUntil: null } })).toBeDefined();
    const lease = '2026-03-10T12:10:00.000Z';
    expect(postWatchAt({ ...published, firstComment: { status: 'sending', leaseUntil: lease } })).toBe(lease);
    for (const status of ['posted', 'failed'])
      expect(postWatchAt({ ...published, firstComment: { status, leaseUntil: null } })).toBeUndefined();
  });
});
