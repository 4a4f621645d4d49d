import { calendarGenerateContracts } from '@shared/contracts/calendar-generate';
import { generatedDraftsSchema, type GenerateInput } from '@shared/schemas/calendar-generate';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/lib/api-client';
import { pollJob } from '@/lib/poll-job';
import { postKeys } from './post-keys';

export type GenerateKind = 'social' | 'blog';

/**
 * POST /api/calendar/generate (or /generate/blog), polled every 3 s to the drafts written. The
 * calendar's answers are asked again inside the mutation itself, so the drafts appear even when
 * the dialog was closed while the job ran.
 */
export function useGenerateDrafts(kind: GenerateKind) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: async (body: GenerateInput) => {
      setStep(undefined);
      const contract = kind === 'blog' ? calendarGenerateContracts.generateBlog : calendarGenerateContracts.generate;
      const { uuid } = await call(contract, { body });
      const drafts = await pollJob(uuid, generatedDraftsSchema, { onStep: setStep });
      await queryClient.invalidateQueries({ queryKey: postKeys.all });
      return drafts;
    },
  });
  return { ...mutation, step };
}
