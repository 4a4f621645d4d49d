import { isRouteErrorResponse, Outlet, ScrollRestoration, useNavigation, useRouteError } from 'react-router-dom';
import { ErrorScreen } from '@/components/screens/error-screen';
import { NotFoundScreen } from '@/components/screens/not-found-screen';
import { UpgradePromptHost } from '@/components/upgrade-prompt';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <div className="route-progress" role="progressbar" aria-label="Loading page" />
      ) : null}
      <Outlet />
      <UpgradePromptHost />
      <ScrollRestoration />
    </>
  );
}

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorScreen />;
}
