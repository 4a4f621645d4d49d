import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { storedConnections } from './connection-entity';

/**
 * A company's connections (every platform's), for the company cascade. Their refresh schedules are
 * `c<companyId>-integration-<platform>` and go with the company's other one-time schedules.
 */
export const connectionData = partitionData({
  name: 'connections',
  skPrefix: companyItemPrefix.integration,
  example: async (companyId) => {
    await storedConnections.put({
      companyId,
      platform: 'linkedin',
      status: 'connected',
      account: { id: 'example', name: 'Example' },
      secrets: 'gcm:example',
      connectedAt: new Date().toISOString(),
    });
  },
});
