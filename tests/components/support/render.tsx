import { render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, expect, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { UpgradePromptHost } from '@/components/upgrade-prompt';
import { fakeApi, type FakeApi } from './fake-api';

/** Where the router is now: a test reads it after a form navigates. */
function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderOptions {
  /** The route pattern the element is mounted at ('/auth/forgot-password/:id/:token'). */
  path?: string;
  /** The URL opened first; defaults to `path`. */
  url?: string;
  /** Declares the fake API's answers before the first render fetches anything. */
  answers?: (api: FakeApi) => void;
  /** For forms whose pending state or a delay is timed: user-event then moves Vitest's fake clock. */
  fakeTimers?: boolean;
}

let current: FakeApi | undefined;

// A request no route answered is a missing fixture, or a call the component should not make.
afterEach(() => {
  const api = current;
  current = undefined;
  if (!api) return;
  expect(api.unhandled, 'requests without a fake answer').toEqual([]);
  expect(api.problems, 'requests their contract refuses').toEqual([]);
});

/**
 * Renders `element` inside the app's own providers (AppProvider: the query client, the confirm
 * dialog, toasts) and a memory router, with `fetch` answered by a fake API. Any other path the
 * element navigates to shows where it went (`currentLocation()`).
 */
export function renderPage(element: ReactNode, options: RenderOptions = {}) {
  const path = options.path ?? '/';
  const api = fakeApi();
  options.answers?.(api);
  current = api;
  vi.stubGlobal('fetch', api.fetch);
  if (options.fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {element}
            <UpgradePromptHost />
          </>
        ),
      },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [options.url ?? path] },
  );
  // No pause between keystrokes, and no computed-style walk up the tree before each pointer event
  // (the app's CSS is not loaded here, so it would find nothing): together most of a test's time.
  const user = userEvent.setup({
    delay: null,
    pointerEventsCheck: PointerEventsCheckLevel.Never,
    ...(options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {}),
  });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, api, router, user };
}

/** The path and query the router shows after a navigation away from the rendered route. */
export const currentLocation = async () => (await screen.findByTestId('location')).textContent;
