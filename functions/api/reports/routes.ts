import { postSuccessRoute } from './post-success';

export const routes = [postSuccessRoute];
