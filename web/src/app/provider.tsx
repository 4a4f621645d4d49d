import { TOAST_DURATION_MS } from '@shared/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ConfirmProvider } from '@/components/ui/confirm-dialog';
import { setForbiddenHandler, setUnauthorizedHandler } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import { companiesQueryKey } from '@/lib/company';
import { queryClient } from '@/lib/query-client';

// Any 401 means the session is gone: the profile query becomes "signed out" and the guards redirect.
setUnauthorizedHandler(() => {
  if (queryClient.getQueryData(profileQueryKey) !== null) queryClient.setQueryData(profileQueryKey, null);
});

// A 403 usually means the selected company is no longer the user's: listing the companies again
// moves the selection to one they are still in (lib/company.ts) and refreshes what depended on it.
setForbiddenHandler(() => {
  void queryClient.invalidateQueries({ queryKey: companiesQueryKey });
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
