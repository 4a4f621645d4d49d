import { pollJob } from './poll-job';

export const routes = [pollJob];
