import { listNotifications } from './list-notifications';
import { markRead } from './mark-read';

export const routes = [listNotifications, markRead];
