import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';

/**
 * jsdom has <dialog> but none of its behaviour: the app's Dialog (components/ui/dialog.tsx) opens
 * with showModal() and listens for `close`. These do what the browser does for those calls, so the
 * dialog's content is shown and closing reaches its onClose; inertness is the browser tests' part.
 */
Object.defineProperties(HTMLDialogElement.prototype, {
  open: {
    configurable: true,
    get(this: HTMLDialogElement) {
      return this.hasAttribute('open');
    },
    set(this: HTMLDialogElement, value: boolean) {
      this.toggleAttribute('open', value);
    },
  },
  showModal: {
    configurable: true,
    value(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
  },
  show: {
    configurable: true,
    value(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
  },
  close: {
    configurable: true,
    value(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  },
});

// findBy and waitFor wait for what ends on its own (an answer, the toast library's lazy chunk): on a
// loaded two-core machine that can pass Testing Library's default second. A check that passes
// costs no more for the longer limit.
configure({ asyncUtilTimeout: 15_000 });

// jsdom does not scroll; the router's scroll restoration and scrollIntoView calls need only not throw.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

afterEach(() => {
  cleanup();
  // The app's one query client (lib/query-client.ts) outlives a test; its answers must not.
  queryClient.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
