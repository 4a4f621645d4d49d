import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmProvider } from '@/components/ui/confirm-dialog';
import { openUpgradePrompt } from '@/components/upgrade-prompt';
import { Toasts } from '@/components/ui/toasts';
import { setForbiddenHandler, setUnauthorizedHandler, setUpgradeRequiredHandler } from '@/lib/api-client';
import { keepSelectionValid } from '@/api/companies/companies';
import { queryClient } from '@/lib/query-client';
import { authKeys } from '@/api/auth/auth-keys';
import { companyKeys } from '@/api/companies/company-keys';

// Any 401 means the session is gone: the profile query becomes "signed out" and the guards redirect.
setUnauthorizedHandler(() => {
  if (queryClient.getQueryData(authKeys.profile) !== null) queryClient.setQueryData(authKeys.profile, null);
});

// A 403 usually means the selected company is no longer the user's: listing the companies again
// moves the selection to one they are still in (lib/company.ts) and refreshes what depended on it.
setForbiddenHandler(() => {
  void queryClient.invalidateQueries({ queryKey: companyKeys.list });
});

// A 402 is the paid-plan gate, never "removed": the company stays selected and the upgrade prompt opens.
setUpgradeRequiredHandler(openUpgradePrompt);

keepSelectionValid(queryClient);

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>{children}</ConfirmProvider>
      <Toasts />
    </QueryClientProvider>
  );
}
