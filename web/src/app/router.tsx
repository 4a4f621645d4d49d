import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { LoadingScreen } from '@/components/screens/loading-screen';
import { NotFoundScreen } from '@/components/screens/not-found-screen';
import { invitationQueryOptions } from '@/api/auth/get-invitation';
import { profileQueryOptions } from '@/api/auth/profile';
import { loadChunk } from '@/lib/load-chunk';
import { GuestOnly, RequireAuth } from './guards';
import { AppShell } from './layout/app-shell';
import { ensure, guestOnlyLoader, pageData, requireAuthLoader, shellLoader } from './loaders';
import { RootLayout, RouteError } from './root-layout';

/** Route-level code splitting: each screen is its own chunk. */
function lazyRoute(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await loadChunk(load)).default });
}

/**
 * Settings with the billing feature's tab: features are composed here, never inside each other. The
 * tab is lazy like the settings tabs, so /settings/* downloads billing only when it is shown.
 */
const LazyBillingTab = lazy(() =>
  loadChunk(() => import('@/features/billing/components/billing-tab')).then((m) => ({ default: m.BillingTab })),
);
async function settingsWithBilling(): Promise<{ default: ComponentType }> {
  const Settings = (await import('@/features/settings/routes/settings')).default;
  return { default: () => <Settings billingTab={LazyBillingTab} /> };
}

/** The calendar's posts load beside its chunk; the range's code stays out of the first load. */
const calendarLoader = pageData(({ params }) => [
  import('@/features/calendar/calendar-loader').then((loader) => ensure(loader.calendarPageQueryOptions(params))),
]);

/** Post editors with the media feature's picker, loaded when the editor shows it. */
const LazyMediaPicker = lazy(() =>
  loadChunk(() => import('@/features/media/components/media-picker')).then((m) => ({ default: m.MediaPicker })),
);
function withMediaPicker(
  load: () => Promise<{ default: ComponentType<{ mediaPicker: typeof LazyMediaPicker }> }>,
): RouteObject['lazy'] {
  return async () => {
    const Page = (await loadChunk(load)).default;
    return { Component: () => <Page mediaPicker={LazyMediaPicker} /> };
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        element: <GuestOnly />,
        loader: guestOnlyLoader,
        children: [
          { path: '/auth', lazy: lazyRoute(() => import('@/features/auth/routes/sign-in')) },
          { path: '/auth/register', lazy: lazyRoute(() => import('@/features/auth/routes/sign-up')) },
          { path: '/auth/verify', lazy: lazyRoute(() => import('@/features/auth/routes/resend-verification')) },
          { path: '/auth/forgot-password', lazy: lazyRoute(() => import('@/features/auth/routes/forgot-password')) },
          {
            path: '/auth/forgot-password/:id/:token',
            lazy: lazyRoute(() => import('@/features/auth/routes/reset-password')),
          },
        ],
      },
      {
        path: '/auth/invite/:token',
        loader: pageData(({ params }) => [
          ensure(profileQueryOptions()),
          ensure(invitationQueryOptions(params.token ?? '')),
        ]),
        lazy: lazyRoute(() => import('@/features/auth/routes/accept-invite')),
      },
      {
        path: '/dev/mailbox',
        // The dev mailbox's code and contract load beside its chunk, never in every page's first load.
        loader: pageData(({ search }) => [
          import('@/api/dev/get-mailbox').then((api) => ensure(api.mailboxQueryOptions(search.get('to') ?? undefined))),
        ]),
        lazy: lazyRoute(() => import('@/features/dev/routes/mailbox')),
      },
      {
        path: '/dev/platforms',
        lazy: lazyRoute(() => import('@/features/dev/routes/platforms')),
      },
      // Public: the page our crawler's user agent names, for site owners who see it in their logs.
      { path: '/audit-bot', lazy: lazyRoute(() => import('@/features/seo/routes/audit-bot')) },
      // Public: an outside reviewer's page; the review link's token is the only permission.
      { path: '/review/:id', lazy: lazyRoute(() => import('@/features/approvals/routes/review')) },
      // Public: a guest link's read-only view of a company's website audit; the token is the only permission.
      {
        path: '/shared/audit/:token/:section?/:check?',
        lazy: lazyRoute(() => import('@/features/seo/routes/shared-audit')),
      },
      {
        element: <RequireAuth />,
        loader: requireAuthLoader,
        children: [
          {
            path: '/payment-simulation',
            lazy: lazyRoute(() => import('@/features/billing/routes/payment-simulation')),
          },
          {
            element: <AppShell />,
            loader: shellLoader,
            children: [
              { index: true, lazy: lazyRoute(() => import('@/features/dashboard/routes/dashboard')) },
              { path: '/dashboard/onboard', lazy: lazyRoute(() => import('@/features/onboarding/routes/onboard')) },
              {
                path: '/calendar/:date?/:type?/:view?',
                loader: calendarLoader,
                lazy: lazyRoute(() => import('@/features/calendar/routes/calendar')),
              },
              { path: '/settings', element: <Navigate to="/settings/apps" replace /> },
              { path: '/settings/:tab', lazy: lazyRoute(settingsWithBilling) },
              { path: '/media', lazy: lazyRoute(() => import('@/features/media/routes/media-library')) },
              { path: '/media/:id', lazy: lazyRoute(() => import('@/features/media/routes/media-edit')) },
              {
                path: '/post/create',
                lazy: withMediaPicker(() => import('@/features/posts/routes/create-social-post')),
              },
              { path: '/post/:id', lazy: withMediaPicker(() => import('@/features/posts/routes/edit-social-post')) },
              { path: '/blog/create', lazy: withMediaPicker(() => import('@/features/posts/routes/create-blog-post')) },
              { path: '/blog/:id', lazy: withMediaPicker(() => import('@/features/posts/routes/edit-blog-post')) },
              { path: '/import', lazy: lazyRoute(() => import('@/features/bulk-import/routes/import')) },
              { path: '/queue', lazy: lazyRoute(() => import('@/features/queue/routes/queue')) },
              { path: '/report', lazy: lazyRoute(() => import('@/features/report/routes/report')) },
              { path: '/seo-report', lazy: lazyRoute(() => import('@/features/seo/routes/seo-report')) },
              {
                path: '/seo-report/:section/:check?',
                lazy: lazyRoute(() => import('@/features/seo/routes/website-audit')),
              },
              { path: '/seo-keywords', lazy: lazyRoute(() => import('@/features/seo/routes/seo-keywords')) },
              { path: '/business-manager', element: <Navigate to="/business-manager/profile" replace /> },
              {
                path: '/business-manager/:tab',
                lazy: withMediaPicker(() => import('@/features/business-manager/routes/business-manager')),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
