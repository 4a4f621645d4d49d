import { addFeed } from './add-feed';
import { listFeeds } from './list-feeds';
import { pollFeed } from './poll-feed';
import { removeFeed } from './remove-feed';

export const routes = [listFeeds, addFeed, removeFeed, pollFeed];
