import { roleMay, type Permission } from '@shared/permissions';
import type { Maker, MakerStatus } from '@shared/schemas/public-api';
import { getUser } from '../accounts/user-store';
import { memberRole } from '../membership';

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

/** The maker as people read them: first and last name, else the email; null once the account is gone. */
async function makerOf(userId: number | undefined): Promise<Maker> {
  const user = userId === undefined ? undefined : await getUser(userId);
  return user ? { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() || user.email } : null;
}

type ToApi<T, A> = (item: T, maker: Maker, status: MakerStatus) => A;

/** One key or webhook with its maker and status. */
export async function withMaker<T extends { createdBy?: number }, A>(
  companyId: number,
  item: T,
  needs: Permission,
  toApi: ToApi<T, A>,
): Promise<A> {
  const [maker, status] = await Promise.all([makerOf(item.createdBy), makerStatus(companyId, item.createdBy, needs)]);
  return toApi(item, maker, status);
}

/** A list of them: the user and member reads of one turn go to the table together (get-batcher). */
export const withMakers = <T extends { createdBy?: number }, A>(
  companyId: number,
  items: T[],
  needs: (item: T) => Permission,
  toApi: ToApi<T, A>,
): Promise<A[]> => Promise.all(items.map((item) => withMaker(companyId, item, needs(item), toApi)));
