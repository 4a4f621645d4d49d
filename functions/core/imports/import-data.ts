import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { postImports } from './import-entity';

/** A company's imports go with the company and with a demo reset (their posts are posts, registered apart). */
export const importData = partitionData({
  name: 'post imports',
  skPrefix: companyItemPrefix.postImport,
  example: async (companyId) => {
    await postImports.put({
      companyId,
      id: '0'.repeat(32),
      userId: 1,
      status: 'imported',
      action: 'save',
      createdAt: new Date().toISOString(),
      rowCount: 0,
      rows: [],
      mediaIds: [],
      postIds: [],
      written: 0,
      leaseHolder: null,
      leaseUntil: null,
      failure: null,
      finishedAt: null,
    });
  },
});
