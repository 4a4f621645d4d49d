import { billingContracts } from '@shared/contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /api/billing/portal: the provider's page for payment details. */
const openPortal = () => call(billingContracts.portal);

export const useOpenPortal = () => useMutation({ mutationFn: openPortal });
