import { areaHandler } from '../area-handler';
import { routes } from './routes';

export const handler = areaHandler(routes);
