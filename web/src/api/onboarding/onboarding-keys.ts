import { rootKeys } from '@/lib/query-keys';

/** The company's marketing plan (the onboarding's last step), under the company family. */
export const onboardingKeys = {
  plan: [...rootKeys.company, 'plan'] as const,
};
