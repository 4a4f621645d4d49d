import { areaHandler } from '../../core/http/area-handler';
import { routes } from './routes';

export const handler = areaHandler(routes);
