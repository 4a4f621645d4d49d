import { Suspense, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { isUpgradeRequired } from '@/lib/api-client';
import { AppDialog } from './ui/confirm-dialog';

/**
 * The upgrade prompt (spec 01 §4, §6): what every gated action shows without a paid plan, with
 * an Upgrade button to billing settings. One prompt for the whole app: any call answered 402
 * UPGRADE_REQUIRED opens it (app/provider.tsx), and a screen that knows in advance can open it
 * itself with `openUpgradePrompt()`.
 */
let isOpen = false;
const listeners = new Set<() => void>();
const setOpen = (value: boolean) => {
  isOpen = value;
  for (const listener of listeners) listener();
};

export const openUpgradePrompt = () => setOpen(true);
const closeUpgradePrompt = () => setOpen(false);

/** For a mutation's onError: opens the prompt for a 402 and says so, so the caller shows no second message. */
export function promptIfUpgradeRequired(error: unknown): boolean {
  if (!isUpgradeRequired(error)) return false;
  openUpgradePrompt();
  return true;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Mounted once inside the router (app/root-layout.tsx), so Upgrade can navigate. */
export function UpgradePromptHost() {
  const open = useSyncExternalStore(
    subscribe,
    () => isOpen,
    () => false,
  );
  const navigate = useNavigate();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AppDialog
        upgrade={{
          onClose: closeUpgradePrompt,
          onUpgrade: () => {
            closeUpgradePrompt();
            void navigate('/settings/billing');
          },
        }}
      />
    </Suspense>
  );
}
