import { authContracts } from '@shared/contracts/auth';
import type { BodyIn } from '@shared/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /api/auth/consume-reset */
const consumeReset = (body: BodyIn<typeof authContracts.consumeReset>) => call(authContracts.consumeReset, { body });

export const useConsumeReset = () => useMutation({ mutationFn: consumeReset });
