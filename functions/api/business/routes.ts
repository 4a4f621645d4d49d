import { account } from './account';
import { accounts } from './accounts';
import { callback } from './callback';
import { chooseAccountRoute } from './choose-account';
import { connect } from './connect';
import { disconnect } from './disconnect';
import { locations } from './locations';
import { status } from './status';

export const routes = [connect, callback, status, accounts, account, chooseAccountRoute, locations, disconnect];
