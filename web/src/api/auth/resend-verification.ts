import { authContracts } from '@shared/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /api/auth/resend-verify */
const resendVerification = (body: { email: string }) => call(authContracts.resendVerify, { body });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
