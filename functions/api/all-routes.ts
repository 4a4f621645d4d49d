import type { RouteDef } from '../core/http/route';
import type { AreaName } from './areas';
import { routes as auth } from './auth/routes';
import { routes as billing } from './billing/routes';
import { routes as business } from './business/routes';
import { routes as calendar } from './calendar/routes';
import { routes as company } from './company/routes';
import { routes as content } from './content/routes';
import { routes as dev } from './dev/routes';
import { routes as integrations } from './integrations/routes';
import { routes as lrp } from './lrp/routes';
import { routes as media } from './media/routes';
import { routes as metadata } from './metadata/routes';
import { routes as notifications } from './notifications/routes';
import { routes as plan } from './plan/routes';
import { routes as reports } from './reports/routes';
import { routes as seo } from './seo/routes';

/**
 * Every route of every area, exactly as each area's handler registers them. The tenant
 * isolation test walks this list, so an area missing here fails that test's coverage check.
 */
export const ALL_ROUTES: Record<AreaName, RouteDef[]> = {
  auth,
  billing,
  business,
  calendar,
  company,
  content,
  dev,
  integrations,
  lrp,
  media,
  metadata,
  notifications,
  plan,
  reports,
  seo,
};
