import { callback } from './callback';
import { connect } from './connect';
import { disconnect } from './disconnect';
import { googleCallback } from './google-callback';
import { googleConnect, searchConsoleConnect } from './google-connect';
import { profile } from './profile';
import { profiles } from './profiles';
import {
  searchConsoleChooseWebsite,
  searchConsoleDisconnect,
  searchConsoleStatus,
  searchConsoleWebsite,
  searchConsoleWebsites,
} from './search-console';
import { status } from './status';
import { wordpressCallback } from './wordpress-callback';
import { wordpressConnect } from './wordpress-connect';
import { wordpressDisconnect, wordpressStatus } from './wordpress-status';

export const routes = [
  connect,
  callback,
  status,
  profiles,
  profile,
  disconnect,
  // WordPress, the Google profile and Search Console: static paths, matched before {platform}.
  wordpressConnect,
  wordpressCallback,
  wordpressStatus,
  wordpressDisconnect,
  googleConnect,
  googleCallback,
  searchConsoleConnect,
  searchConsoleStatus,
  searchConsoleDisconnect,
  searchConsoleWebsites,
  searchConsoleWebsite,
  searchConsoleChooseWebsite,
];
