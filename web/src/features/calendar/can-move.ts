import type { Post } from '@shared/schemas/calendar';

/**
 * A post being published or already published stays where it is (spec 01 §4: no edit actions),
 * and so does one waiting for Publish Now. Its own file: the grid needs only this at first load,
 * the move itself (reschedule.ts) is fetched with the dialogs.
 */
export const canMove = (post: Post) =>
  post.status !== 'published' && post.status !== 'in-progress' && !(post.status === 'scheduled' && post.publish);
