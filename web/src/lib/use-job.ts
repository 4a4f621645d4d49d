import type { JobStarted } from '@shared/schemas/lrp';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Schema } from '@shared/contract';
import { pollJob } from './poll-job';

/**
 * A long-running job as a mutation: `run(start)` sends the start call, then polls until the
 * result (parsed with `result`) or the job's error. `step` is the step the last poll named.
 */
export function useJob<S extends Schema>(result: S) {
  const [step, setStep] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: async (start: () => Promise<JobStarted>) => {
      setStep(undefined);
      const { uuid } = await start();
      return pollJob(uuid, result, { onStep: setStep });
    },
  });
  return { ...mutation, step };
}
