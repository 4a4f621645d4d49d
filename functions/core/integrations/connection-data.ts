import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { connections } from './connection-entity';

/**
 * A company's platform connections, for the company cascade. Their refresh schedules are
 * `c<companyId>-integration-<platform>` and go with the company's other one-time schedules.
 */
export const connectionData = partitionData({
  name: 'platform connections',
  skPrefix: companyItemPrefix.integration,
  example: async (companyId) => {
    await connections.put({
      companyId,
      platform: 'linkedin',
      status: 'connected',
      account: { id: 'example', name: 'Example' },
      tokens: 'gcm:example',
      connectedAt: new Date().toISOString(),
    });
  },
});
