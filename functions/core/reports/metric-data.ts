import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { saveMetricDays } from './metric-store';
import { watchMetrics } from './metrics-watch';

/** A company's report figures go with the company and with a demo reset; its collection schedule is one of its `c<id>-` schedules. */
export const metricData = partitionData({
  name: 'report figures',
  skPrefix: companyItemPrefix.metric,
  example: (companyId) =>
    saveMetricDays([
      {
        companyId,
        platform: 'facebook',
        date: '2026-03-01',
        followers: 3,
        likes: 10,
        comments: 2,
        shares: 1,
        totalFollowers: 120,
        collectedAt: new Date().toISOString(),
      },
    ]),
});

/** The watch on its daily collection goes with the company (and with a demo reset, which has no connections). */
export const metricsWatchData = partitionData({
  name: 'report collection watch',
  skPrefix: companyItemPrefix.metricsWatch,
  example: async (companyId) => {
    await watchMetrics(companyId, new Date(Date.now() + 86_400_000));
  },
});
