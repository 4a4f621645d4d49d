import { permissionRefusal, roleMay, type Permission } from '@shared/permissions';
import type { CompanyRole } from '@shared/schemas/company-record';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useProfile } from './auth';
import { useCurrentCompany } from './company';

/**
 * The signed-in user's role in the selected company, from the company list every page already
 * has; undefined while either is loading. The server decides (shared/permissions.ts); the web
 * only hides what it would refuse.
 */
export function useRole(): CompanyRole | undefined {
  const { company } = useCurrentCompany();
  const { data: profile } = useProfile();
  if (!company || !profile) return undefined;
  const me = company.users.find((u) => u.id === profile.id);
  return me ? (me.role ?? 'admin') : undefined;
}

/** Whether the user may do this in the selected company; false until the role is known. */
export function useMay(permission: Permission): boolean {
  const role = useRole();
  return role !== undefined && roleMay(role, permission);
}

/** Renders its children only for a role that may do this: a control a role cannot use is not shown. */
export function IfMay({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useMay(permission) ? children : null;
}

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
    <Card>
      <EmptyState icon={Lock} title={title}>
        {permissionRefusal(permission)} Ask an admin of this company if you need it.
      </EmptyState>
    </Card>
  );
}
