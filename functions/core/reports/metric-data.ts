import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { saveMetricDays } from './metric-store';
import { watchMetrics } from './metrics-watch';
import { postFigures, postReadings } from './post-figures-entity';

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

/** Each published post's figures go with the company and with a demo reset (a demo's are drawn on read). */
export const postFigureData = partitionData({
  name: 'post figures',
  skPrefix: companyItemPrefix.postFigures,
  example: async (companyId) => {
    await postFigures.put({
      companyId,
      postId: 1,
      platform: 'facebook',
      publishedAt: '2026-03-01T10:00:00.000Z',
      excerpt: 'Spring menu',
      permalink: null,
      likes: 4,
      comments: 1,
      shares: 0,
      impressions: null,
      reach: null,
      day: 3,
      frozen: false,
    });
  },
});

export const postReadingData = partitionData({
  name: 'post readings',
  skPrefix: companyItemPrefix.postReadings,
  example: async (companyId) => {
    await postReadings.put({
      companyId,
      postId: 1,
      platform: 'facebook',
      publishedAt: '2026-03-01T10:00:00.000Z',
      readings: [
        { day: 0, at: '2026-03-01T12:00:00.000Z', likes: 1, comments: 0, shares: 0, impressions: null, reach: null },
      ],
      frozen: false,
    });
  },
});
