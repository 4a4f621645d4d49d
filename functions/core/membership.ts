import { getItem } from './table/get-batcher';
import { keys } from './table/keys';

/** The check every company route runs: one read of the member item (batched with the turn's other reads). */
export async function isMember(companyId: number, userId: number): Promise<boolean> {
  return !!(await getItem(keys.member(companyId, userId)));
}
