import { listNotificationsRoute } from './list-notifications';
import { markReadRoute } from './mark-read';

export const routes = [listNotificationsRoute, markReadRoute];
