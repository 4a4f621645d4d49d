import { bestTimes } from './best-times';
import { postFigures } from './post-figures';
import { postSuccess } from './post-success';
import { refreshDemo } from './refresh-demo';
import { reportsForm } from './reports-form';
import { reports } from './reports';
import { topPosts } from './top-posts';

export const routes = [reports, reportsForm, postSuccess, refreshDemo, postFigures, topPosts, bestTimes];
