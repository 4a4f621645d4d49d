import { rootKeys } from '@/lib/query-keys';

export const notificationKeys = {
  all: [...rootKeys.company, 'notifications'] as const,
};
