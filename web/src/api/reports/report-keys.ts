import { rootKeys } from '@/lib/query-keys';

/** The daily figures, by the days asked for, under the company family so a company switch drops them. */
export const reportKeys = {
  all: [...rootKeys.company, 'reports'] as const,
  days: (from: string, to: string) => [...reportKeys.all, from, to] as const,
  /** A published post's figures over its first days. */
  postFigures: (postId: number) => [...reportKeys.all, 'post', postId] as const,
  /** The top posts of the days asked for, by one sort. */
  topPosts: (from: string, to: string, sort: string) => [...reportKeys.all, 'top-posts', from, to, sort] as const,
  /** Best times in one zone. */
  bestTimes: (zone: string) => [...reportKeys.all, 'best-times', zone] as const,
};
