import type { RouteDef } from '../core/http/route';
import { AREAS, type AreaName } from './areas';

/** Every area's routes, loaded from the registry (functions/api/areas.ts), areas in name order. */
async function loadAllRoutes(): Promise<Record<AreaName, RouteDef[]>> {
  const areas = [...AREAS].sort((a, b) => a.name.localeCompare(b.name));
  const lists = await Promise.all(areas.map(async (area) => [area.name, (await area.routes()).routes] as const));
  return Object.fromEntries(lists) as Record<AreaName, RouteDef[]>;
}

/**
 * Every route of every area, exactly as each area's handler registers them. The tenant
 * isolation test and the fuzzer walk this list, so a route added later is covered without an
 * edit there.
 */
export const ALL_ROUTES = await loadAllRoutes();
