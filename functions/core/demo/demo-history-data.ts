import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { demoHistories } from './demo-history-entity';

/** The record of a demo's sample posts goes with the company and with a demo reset. */
export const demoHistoryData = partitionData({
  name: 'demo history',
  skPrefix: companyItemPrefix.demoHistory,
  example: async (companyId) => {
    await demoHistories.put({ companyId, postIds: [], writtenAt: new Date().toISOString() });
  },
});
