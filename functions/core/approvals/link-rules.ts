import { roleMay } from '@shared/permissions';
import { approvalMessages } from '@shared/schemas/approvals';
import { memberIds } from '../companies/company-store';
import { forbidden } from '../errors';
import { memberRole } from '../membership';
import type { ApprovalLinkItem } from './approval-entities';

/**
 * The members other than the asker whose role may decide a review: the ones mailed when it is
 * asked for, and the second pair of eyes a link of the asker's own would go round. Computed from
 * the roles table, not assumed: a role may lose the review permission one day.
 */
export async function otherApprovers(companyId: number, askerId: number): Promise<number[]> {
  const ids = (await memberIds(companyId)).filter((id) => id !== askerId);
  const roles = await Promise.all(ids.map((id) => memberRole(companyId, id)));
  // A member removed between the two reads has no role, and no say (roleMay would read none as an admin's).
  return ids.filter((_, i) => roles[i] !== undefined && roleMay(roles[i], 'review'));
}

/**
 * Whether a link's maker still answers for it: a member whose role may make links. roleMay reads
 * a missing role as an admin's (members from before roles), so a non-member is told apart first.
 */
export async function makerStillMayLink(companyId: number, makerId: number): Promise<boolean> {
  const role = await memberRole(companyId, makerId);
  return role !== undefined && roleMay(role, 'content');
}

/** Whether a link made by `makerId` could decide a review `askerId` asked for (the asker's own: only with nobody else to). */
export async function makerMayDecide(companyId: number, makerId: number, askerId: number): Promise<boolean> {
  return makerId !== askerId || (await otherApprovers(companyId, askerId)).length === 0;
}

/**
 * Refuses a link that may not decide the review of its round (the caller has checked the round).
 * A link speaks for the member who made it, at the moment it is used:
 * - a maker who is no longer a member, or whose role may no longer make links: the link is not
 *   valid, as an API key stops with its maker;
 * - made by the asker: refused while another member may decide (in the app, where the asker
 *   cannot), and accepted where nobody else may (a company of one, or everyone else gone), since
 *   an outside reviewer is then the only second pair of eyes there is;
 * - made before links recorded their maker: taken for the asker's, the reading that cannot go
 *   round the rule (such links expire within the week they were made for).
 */
export async function assertLinkMayDecide(link: ApprovalLinkItem, askerId: number): Promise<void> {
  const makerId = link.createdBy;
  if (makerId !== undefined && !(await makerStillMayLink(link.companyId, makerId))) {
    throw forbidden(approvalMessages.linkInvalid);
  }
  if (await makerMayDecide(link.companyId, makerId ?? askerId, askerId)) return;
  throw forbidden(makerId === undefined ? approvalMessages.linkMakerUnknown : approvalMessages.linkByAsker);
}
