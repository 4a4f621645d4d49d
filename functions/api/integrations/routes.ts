import { callback } from './callback';
import { connect } from './connect';
import { disconnect } from './disconnect';
import { googleCallback } from './google-callback';
import { googleConnect } from './google-connect';
import { profile } from './profile';
import { profiles } from './profiles';
import { searchConsoleChooseWebsite } from './search-console-choose-website';
import { searchConsoleConnect } from './search-console-connect';
import { searchConsoleDisconnect } from './search-console-disconnect';
import { searchConsoleStatus } from './search-console-status';
import { searchConsoleWebsite } from './search-console-website';
import { searchConsoleWebsites } from './search-console-websites';
import { status } from './status';
import { wordpressCallback } from './wordpress-callback';
import { wordpressConnect } from './wordpress-connect';
import { wordpressDisconnect } from './wordpress-disconnect';
import { wordpressStatus } from './wordpress-status';
import { wordpressTerms } from './wordpress-terms';

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
  wordpressTerms,
  googleConnect,
  googleCallback,
  searchConsoleConnect,
  searchConsoleStatus,
  searchConsoleDisconnect,
  searchConsoleWebsites,
  searchConsoleWebsite,
  searchConsoleChooseWebsite,
];
