import { nextId } from '../table/counter';
import { companyItemPrefix, partition } from '../table/keys';
import { partitionData } from './company-data';
import { icps, type IcpItem } from './icp-entity';

/** A company's ideal customer profiles, oldest first (ids come from a counter). */
export async function listIcps(companyId: number): Promise<IcpItem[]> {
  return (await icps.queryPartition(partition.company(companyId), companyItemPrefix.icp)).sort((a, b) => a.id - b.id);
}

/** ICPs are company data: the demo reset and the company delete remove them. */
export const icpData = partitionData({
  name: 'ideal customer profiles',
  skPrefix: companyItemPrefix.icp,
  example: async (companyId) => {
    await icps.put({ id: await nextId('icp'), company_id: companyId, profile: '# Example', updatedAt: new Date().toISOString(), approved: null });
  },
});
