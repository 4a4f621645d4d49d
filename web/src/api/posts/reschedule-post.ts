import { postContracts } from '@shared/contracts/posts';
import type { Post } from '@shared/schemas/calendar';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call, errorMessage, isUpgradeRequired } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { moveAction, movedInstant } from './reschedule';
import { postKeys } from './post-keys';

export interface Move {
  post: Post;
  day: string;
  zone: string;
  /** HH:mm; the post keeps its time of day when left out. */
  time?: string;
}

const send = ({ post, day, zone, time }: Move) =>
  call(postContracts.update, {
    params: { id: String(post.id) },
    body: { scheduledAt: movedInstant(post.date, day, zone, time), action: moveAction(post), version: post.version },
  });

const failed = (error: unknown) => {
  // A 402 opens the upgrade prompt app-wide; anything else says why here.
  if (!isUpgradeRequired(error)) notify.error(errorMessage(error));
};

/**
 * PATCH /api/calendar/{id} with the new time: the same route and checks as the editor's Schedule
 * (rules, a future time, the paid plan). The version the calendar showed is sent, so a post
 * changed meanwhile is refused (409), not overwritten. Fetched on the first drop.
 */
export async function reschedulePost(queryClient: QueryClient, move: Move): Promise<boolean> {
  try {
    await send(move);
    notify.success('Post moved.');
    return true;
  } catch (error) {
    failed(error);
    return false;
  } finally {
    await queryClient.invalidateQueries({ queryKey: postKeys.all });
  }
}

/** The same move as a mutation, for the preview dialog's form. */
export function useReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => notify.success('Post moved.'),
    onError: failed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
