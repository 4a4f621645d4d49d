import { Navigate, Outlet } from 'react-router-dom';
import { LoadingScreen } from '@/components/screens/loading-screen';
import { useProfile } from '@/api/auth/profile';

/** Signed-in only: "signed out" is the profile check answering 401; other errors reach the error screen. */
export function RequireAuth() {
  const profile = useProfile();
  if (profile.isPending) return <LoadingScreen />;
  if (profile.isError) throw profile.error;
  if (!profile.data) return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/** Sign-in, sign-up, verify, forgot and reset screens send a signed-in user home. */
export function GuestOnly() {
  const profile = useProfile();
  if (profile.isPending) return <LoadingScreen />;
  if (profile.isError) throw profile.error;
  if (profile.data) return <Navigate to="/" replace />;
  return <Outlet />;
}
