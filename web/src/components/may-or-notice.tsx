import type { Permission } from '@shared/permissions';
import { roleMay } from '@shared/permissions';
import { lazy, Suspense, type ReactNode } from 'react';
import { useRole } from '@/api/companies/permissions';

/** Only a role without the permission sees the notice: its chunk loads then, not on every first load. */
const RoleNotice = lazy(() => import('./role-notice'));

/**
 * A page whose whole purpose a role lacks (writing a post, importing): says who may instead of
 * showing a form the server would refuse.
 */
export function MayOrNotice({
  permission,
  title,
  children,
}: {
  permission: Permission;
  title: string;
  children: ReactNode;
}) {
  const role = useRole();
  if (role === undefined || roleMay(role, permission)) return children;
  return (
    <Suspense fallback={null}>
      <RoleNotice permission={permission} title={title} />
    </Suspense>
  );
}
