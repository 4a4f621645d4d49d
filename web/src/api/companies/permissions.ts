import { roleMay, type Permission } from '@shared/permissions';
import type { CompanyRole } from '@shared/schemas/company-record';
import { useProfile } from '@/api/auth/profile';
import { useCurrentCompany } from './companies';

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
