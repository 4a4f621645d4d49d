import { COMPANY_ROLES, type CompanyRole } from '@shared/schemas/company-record';
import type { MakerStatus } from '@shared/schemas/public-api';
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

/**
 * A key or a webhook acts as the member who made it (shared/permissions.ts), so it works only
 * while that member still belongs to the company with a role that has what it needs. Read from
 * the member item each time, never stored: a removal or a role change takes effect at once.
 * No recorded maker (a webhook made before makers were recorded) is active: those were made when
 * every member could do everything, and stopping them all at once would break every receiver.
 */
export async function makerStatus(
  companyId: number,
  makerId: number | undefined,
  needs: Permission,
): Promise<MakerStatus> {
  if (makerId === undefined) return 'active';
  const role = await memberRole(companyId, makerId);
  if (!role) return 'maker-left';
  return roleMay(role, needs) ? 'active' : 'maker-role';
}
