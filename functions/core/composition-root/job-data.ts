import { collectionData } from '../companies/company-data';
import { jobs } from '../jobs/job-entity';
import { ttlIn } from '../table/client';

/** A company's jobs (and their results) go with the company and with a demo reset. */
export const jobData = collectionData({
  name: 'long-running jobs',
  kind: 'JOB',
  example: async (companyId) => {
    await jobs.put({
      uuid: `example-${companyId}-${Date.now()}`,
      kind: 'example',
      companyId,
      userId: 1,
      createdAt: new Date().toISOString(),
      state: { status: 'succeeded', result: { example: true } },
      ttl: ttlIn(3600),
    });
  },
});
