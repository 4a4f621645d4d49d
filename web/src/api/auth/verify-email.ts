import { authContracts } from '@shared/contracts/auth';
import type { BodyIn } from '@shared/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /api/auth/verify with the code and id from the verification link. */
const verifyEmail = (body: BodyIn<typeof authContracts.verify>) => call(authContracts.verify, { body });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
