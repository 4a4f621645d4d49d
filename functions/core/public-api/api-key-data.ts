import { collectionData } from '../companies/company-data';
import { API_KEY_KIND } from './api-key-entity';
import { createApiKey } from './api-keys';

/** A company's API keys go with the company and with a demo reset (a reset demo starts with none). */
export const apiKeyData = collectionData({
  name: 'API keys',
  kind: API_KEY_KIND,
  example: async (companyId) => {
    await createApiKey(companyId, 1, { name: 'Example', scope: 'read' });
  },
});
