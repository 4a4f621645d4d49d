import { COMPANY_ROLES, type CompanyRole } from '@shared/schemas/company-record';
import { DEFAULT_ROLE, permissionRefusal, ROLE_REQUIRED, roleMay, type Permission } from '@shared/permissions';
import { forbidden } from './errors';
import { getItem } from './table/get-batcher';
import { keys } from './table/keys';

/** One read of the member item (batched with the turn's other reads). */
export async function isMember(companyId: number, userId: number): Promise<boolean> {
  return !!(await getItem(keys.member(companyId, userId)));
}

/** A member's role; undefined for someone who is not a member. A member stored without one is an admin. */
export async function memberRole(companyId: number, userId: number): Promise<CompanyRole | undefined> {
  const item = await getItem(keys.member(companyId, userId));
  if (!item) return undefined;
  const role = item.role as CompanyRole | undefined;
  return role && COMPANY_ROLES.includes(role) ? role : DEFAULT_ROLE;
}

/**
 * Refuses (403, with who may) a role without the permission. The access middleware runs it for
 * every route's own permission; a handler runs it only where one route does two things (a tab of
 * a report that only some roles see).
 */
export function assertMay(role: CompanyRole | undefined, permission: Permission): void {
  if (!role || !roleMay(role, permission)) throw forbidden(permissionRefusal(permission), ROLE_REQUIRED);
}
