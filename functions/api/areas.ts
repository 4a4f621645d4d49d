import type { Grants } from '../core/grants';
import type { RouteDef } from '../core/http/route';
import { grants as approvalsGrants } from './approvals/grants';
import { grants as authGrants } from './auth/grants';
import { grants as billingGrants } from './billing/grants';
import { grants as businessGrants } from './business/grants';
import { grants as calendarGrants } from './calendar/grants';
import { grants as companyGrants } from './company/grants';
import { grants as contentGrants } from './content/grants';
import { grants as feedsGrants } from './feeds/grants';
import { grants as importsGrants } from './imports/grants';
import { grants as integrationsGrants } from './integrations/grants';
import { grants as lrpGrants } from './lrp/grants';
import { grants as mediaGrants } from './media/grants';
import { grants as metadataGrants } from './metadata/grants';
import { grants as notificationsGrants } from './notifications/grants';
import { grants as planGrants } from './plan/grants';
import { grants as publicGrants } from './public/grants';
import { grants as queueGrants } from './queue/grants';
import { grants as reportsGrants } from './reports/grants';
import { grants as seoGrants } from './seo/grants';

type RoutesModule = () => Promise<{ routes: RouteDef[] }>;

/**
 * One /api area: the folder `functions/api/<name>/` (its `handler.ts` is the Lambda entry),
 * its route list (loaded on demand, so the CDK app and the embedded runtime's router never
 * load route code) and the AWS permissions its code needs.
 */
export type AreaDefinition =
  | { name: string; localOnly: false; routes: RoutesModule; grants: Grants; mounts?: undefined }
  | {
      name: string;
      /** Served by the embedded runtime only: never deployed, so no grants. */
      localOnly: true;
      routes: RoutesModule;
      grants?: undefined;
      /**
       * Paths outside `/api/<name>/` this area serves on the embedded runtime (a local-only
       * route that keeps the URL of the feature it belongs to). In AWS they do not exist.
       */
      mounts?: readonly string[];
    };

/**
 * THE registry of /api areas: one entry per area, and everything else derives from it. CDK
 * deploys one Lambda per deployed area with the grants given here (infra/aws/area-grants.ts),
 * the embedded runtime mounts every area's handler (infra/local/http-server.ts), and
 * `all-routes.ts` loads every route list for the route table and the tests.
 */
const ENTRIES = [
  { name: 'auth', localOnly: false, routes: () => import('./auth/routes'), grants: authGrants },
  { name: 'company', localOnly: false, routes: () => import('./company/routes'), grants: companyGrants },
  { name: 'metadata', localOnly: false, routes: () => import('./metadata/routes'), grants: metadataGrants },
  { name: 'lrp', localOnly: false, routes: () => import('./lrp/routes'), grants: lrpGrants },
  { name: 'plan', localOnly: false, routes: () => import('./plan/routes'), grants: planGrants },
  { name: 'billing', localOnly: false, routes: () => import('./billing/routes'), grants: billingGrants },
  { name: 'seo', localOnly: false, routes: () => import('./seo/routes'), grants: seoGrants },
  { name: 'media', localOnly: false, routes: () => import('./media/routes'), grants: mediaGrants },
  { name: 'content', localOnly: false, routes: () => import('./content/routes'), grants: contentGrants },
  { name: 'calendar', localOnly: false, routes: () => import('./calendar/routes'), grants: calendarGrants },
  { name: 'integrations', localOnly: false, routes: () => import('./integrations/routes'), grants: integrationsGrants },
  { name: 'business', localOnly: false, routes: () => import('./business/routes'), grants: businessGrants },
  {
    name: 'notifications',
    localOnly: false,
    routes: () => import('./notifications/routes'),
    grants: notificationsGrants,
  },
  { name: 'reports', localOnly: false, routes: () => import('./reports/routes'), grants: reportsGrants },
  { name: 'approvals', localOnly: false, routes: () => import('./approvals/routes'), grants: approvalsGrants },
  // The public API (/api/public/v1, API keys) and the settings calls that manage its keys and webhooks.
  { name: 'public', localOnly: false, routes: () => import('./public/routes'), grants: publicGrants },
  // The posting queue: time slots per platform, and the posts waiting in them.
  { name: 'queue', localOnly: false, routes: () => import('./queue/routes'), grants: queueGrants },
  // The posts' CSV import.
  { name: 'imports', localOnly: false, routes: () => import('./imports/routes'), grants: importsGrants },
  // RSS and Atom feeds that become draft posts.
  { name: 'feeds', localOnly: false, routes: () => import('./feeds/routes'), grants: feedsGrants },
  {
    name: 'dev',
    localOnly: true,
    routes: () => import('./dev/routes'),
    // The sandbox platforms' inbox and the simulated payment keep the URLs of their features.
    mounts: ['/api/integrations/dev/', '/api/billing/simulation/'],
  },
] as const satisfies readonly AreaDefinition[];

export type AreaName = (typeof ENTRIES)[number]['name'];
export type DeployedAreaName = Extract<(typeof ENTRIES)[number], { localOnly: false }>['name'];
export const AREAS: readonly (AreaDefinition & { name: AreaName })[] = ENTRIES;

/** The area that serves an /api path on the embedded runtime: a local-only mount first, else `/api/<area>/`. */
export function areaOfPath(path: string): string {
  for (const area of AREAS) if (area.mounts?.some((mount) => path.startsWith(mount))) return area.name;
  return path.split('/')[2] ?? '';
}
