import type { ExternalToast } from 'sonner';

/**
 * Toasts without sonner on the first load: the library (10 kB gzipped) is fetched the first
 * time something is said, and `<Toasts />` mounts its Toaster then. Sonner replays toasts
 * raised before its Toaster subscribed, so nothing said while it loads is lost.
 */
type Kind = 'success' | 'error' | 'info' | 'warning';

let library: Promise<typeof import('sonner')> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

export const loadToastLibrary = () => (library ??= import('sonner'));

function say(kind: Kind, message: string, options?: ExternalToast) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void loadToastLibrary().then(({ toast }) => toast[kind](message, options));
}

export const notify = {
  success: (message: string, options?: ExternalToast) => say('success', message, options),
  error: (message: string, options?: ExternalToast) => say('error', message, options),
  info: (message: string, options?: ExternalToast) => say('info', message, options),
  warning: (message: string, options?: ExternalToast) => say('warning', message, options),
};

/** For `useSyncExternalStore`: whether any toast has been raised yet. */
export const toastsWanted = () => wanted;
export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
