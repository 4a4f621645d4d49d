import { postSuccessRoute } from './post-success';
import { refreshDemoReport } from './refresh-demo';
import { reportsFormRoute } from './reports-form';
import { reportsRoute } from './reports';

export const routes = [reportsRoute, reportsFormRoute, postSuccessRoute, refreshDemoReport];
