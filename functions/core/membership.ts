import { canConfigureAudit, COMPANY_ROLES, DEFAULT_ROLE, roleMessages, type CompanyRole } from '@shared/company-roles';
import { forbidden } from './errors';
import { getItem } from './table/get-batcher';
import { keys } from './table/keys';

/** The check every company route runs: one read of the member item (batched with the turn's other reads). */
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

/** Refuses a client (403) what only admins and managers may do to the audit; the route already checked membership. */
export async function assertCanConfigureAudit(companyId: number, userId: number): Promise<void> {
  if (!canConfigureAudit(await memberRole(companyId, userId))) throw forbidden(roleMessages.auditOnly);
}
