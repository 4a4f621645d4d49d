import type { Permission } from '@shared/permissions';
import type { Maker, MakerStatus } from '@shared/schemas/public-api';
import { getUser } from '../accounts/user-store';
import { makerStatus } from '../membership';

/*
 * A key's or a webhook's maker as the settings show them, beside whether they still answer for
 * it (membership.ts's makerStatus, which the webhook outbox reads too).
 */

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
