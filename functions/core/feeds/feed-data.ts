import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { feedEntries, feeds } from './feed-entity';

/** A company's feeds and their seen entries go with the company and a demo reset; their poll schedules are `c<id>-` schedules. */
export const feedData = [
  partitionData({
    name: 'feeds',
    skPrefix: companyItemPrefix.feed,
    example: async (companyId) => {
      await feeds.put({
        companyId,
        id: '01JAAAAAAAAAAAAAAAAAAAAAAA',
        url: 'https://example.com/feed.xml',
        title: 'Example',
        platforms: ['facebook'],
        createdAt: new Date().toISOString(),
        userId: 1,
        lastPolledAt: null,
        lastStatus: null,
        lastMessage: null,
        lastNewItems: 0,
        runAt: null,
        watchAt: new Date(Date.now() + 3600_000).toISOString(),
      });
    },
  }),
  partitionData({
    name: 'feed entries seen',
    skPrefix: companyItemPrefix.feedEntry,
    example: async (companyId) => {
      await feedEntries.put({
        companyId,
        feedId: '01JAAAAAAAAAAAAAAAAAAAAAAA',
        hash: 'example',
        key: 'https://example.com/post',
        title: 'Example',
        link: 'https://example.com/post',
        postIds: [],
        done: true,
        seenAt: new Date().toISOString(),
      });
    },
  }),
];
