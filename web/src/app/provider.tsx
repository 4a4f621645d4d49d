import { TOAST_DURATION_MS } from '@shared/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { setUnauthorizedHandler } from '../lib/api-client';
import { profileQueryKey } from '../lib/auth';
import { queryClient } from '../lib/query-client';

// Any 401 means the session is gone: the profile query becomes "signed out" and the guards redirect.
setUnauthorizedHandler(() => {
  if (queryClient.getQueryData(profileQueryKey) !== null) queryClient.setQueryData(profileQueryKey, null);
});

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>{children}</ConfirmProvider>
      {/* Sonner pauses a toast's timer while the pointer is over the stack (its default). */}
      <Toaster duration={TOAST_DURATION_MS} position="top-right" richColors closeButton />
    </QueryClientProvider>
  );
}
