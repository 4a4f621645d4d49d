import { account, accounts, chooseAccountRoute, locations } from './accounts';
import { callback } from './callback';
import { connect } from './connect';
import { disconnect, status } from './status';

export const routes = [connect, callback, status, accounts, account, chooseAccountRoute, locations, disconnect];
