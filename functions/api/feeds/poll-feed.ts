import { feedContracts } from '@shared/contracts/feeds';
import { feedPollJob } from '../../core/feeds/feed-poll';
import { getFeed } from '../../core/feeds/feed-store';
import { jobStartRoute } from '../job-start-route';

/** POST /api/feeds/{id}/poll: "Check now", the scheduled poll's job for a feed of the caller's company. */
export const pollFeed = jobStartRoute(feedContracts.poll, feedPollJob, async ({ companyId, params }) => {
  await getFeed(companyId, params.id);
  return { feedId: params.id, scheduled: false };
});
