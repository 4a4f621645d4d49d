import { rootKeys } from '@/lib/query-keys';

/**
 * Every post answer (calendar ranges, a post with its siblings, the dashboard lists, duplicates,
 * suggestions, first comments, approvals) sits under `all`, so any post change asks them all again.
 * An endpoint's own key is built beside its hook; here only the keys other modules name, because
 * every post page loads this object.
 */
export const postKeys = {
  all: [...rootKeys.company, 'posts'] as const,
  withSiblings: (id: number) => [...postKeys.all, 'post', id] as const,
};
