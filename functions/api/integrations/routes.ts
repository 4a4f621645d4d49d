import { callback } from './callback';
import { connect } from './connect';
import { disconnect } from './disconnect';
import { profile } from './profile';
import { profiles } from './profiles';
import { sandboxRequests } from './sandbox-requests';
import { status } from './status';

export const routes = [connect, callback, status, profiles, profile, disconnect, sandboxRequests];
