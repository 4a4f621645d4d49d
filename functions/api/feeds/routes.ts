import { addFeedRoute } from './add-feed';
import { listFeedsRoute } from './list-feeds';
import { pollFeedRoute } from './poll-feed';
import { removeFeedRoute } from './remove-feed';

export const routes = [listFeedsRoute, addFeedRoute, removeFeedRoute, pollFeedRoute];
