import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../../functions/api/all-routes';
import { AREAS } from '../../functions/api/areas';
import type { RouteDef } from '../../functions/core/http/route';

/**
 * One file per route (docs/adding-an-area.md): every route an area registers is the one export
 * of its own file in the area's folder, named after the file, and no file defines more than one route.
 */
const api = resolve(import.meta.dirname, '../../functions/api');

/** The area's files that are not routes: the list, the Lambda entry, the permissions. */
const AREA_FILES = new Set(['routes.ts', 'handler.ts', 'grants.ts']);

const isRoute = (value: unknown): value is RouteDef =>
  !!value && typeof value === 'object' && 'contract' in value && 'handle' in value && 'path' in value;

const routeCalls = (file: string) =>
  readFileSync(join(api, file), 'utf8').match(/\b(defineRoute|jobStartRoute)\(/g)?.length ?? 0;

describe('one file per route', async () => {
  const areaFiles = AREAS.flatMap((area) =>
    readdirSync(join(api, area.name))
      .filter((name) => name.endsWith('.ts') && !AREA_FILES.has(name))
      .map((name) => `${area.name}/${name}`),
  );
  const exportsOf = new Map<string, RouteDef[]>();
  const modules = new Map<string, Record<string, unknown>>();
  for (const file of areaFiles) {
    const mod = (await import(join(api, file))) as Record<string, unknown>;
    modules.set(file, mod);
    exportsOf.set(file, Object.values(mod).filter(isRoute));
  }

  it('no route file defines or exports more than one route', () => {
    const many = areaFiles.filter((file) => {
      return routeCalls(file) > 1 || (exportsOf.get(file)?.length ?? 0) > 1;
    });
    expect(many).toEqual([]);
  });

  it("a route file's route is exported under the file's name in camelCase (list-range.ts: listRange)", () => {
    const camel = (file: string) =>
      file
        .replace(/^.*\//, '')
        .replace(/\.ts$/, '')
        .replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
    const misnamed = [...exportsOf.keys()].flatMap((file) => {
      const names = Object.entries(modules.get(file) ?? {})
        .filter(([, value]) => isRoute(value))
        .map(([name]) => name);
      return names.filter((name) => name !== camel(file)).map((name) => `${file}: ${name}, not ${camel(file)}`);
    });
    expect(misnamed).toEqual([]);
  });

  it("routes.ts, handler.ts and grants.ts define no route (they list, serve and permit the area's routes)", () => {
    const inline = AREAS.flatMap((area) =>
      [...AREA_FILES]
        .map((name) => `${area.name}/${name}`)
        .filter((file) => existsSync(join(api, file)) && routeCalls(file) > 0),
    );
    expect(inline).toEqual([]);
  });

  it("every route an area registers is exported by a file of that area's folder", () => {
    const homeless = AREAS.flatMap((area) =>
      ALL_ROUTES[area.name]
        .filter((route) => !areaFiles.some((f) => f.startsWith(`${area.name}/`) && exportsOf.get(f)?.includes(route)))
        .map((route) => `${area.name}: ${route.method} ${route.path}`),
    );
    expect(homeless).toEqual([]);
  });

  it("every route's path is its area's, or a mount of a local-only area", () => {
    const astray = AREAS.flatMap((area) =>
      ALL_ROUTES[area.name]
        .filter(
          (route) =>
            route.path !== `/api/${area.name}` &&
            !route.path.startsWith(`/api/${area.name}/`) &&
            !area.mounts?.some((mount) => route.path.startsWith(mount)),
        )
        .map((route) => `${area.name}: ${route.path}`),
    );
    expect(astray).toEqual([]);
  });

  it('a local-only area marks every route local only, and a deployed area has none', () => {
    for (const area of AREAS)
      expect(ALL_ROUTES[area.name].map((r) => `${r.path} ${r.localOnly}`)).toEqual(
        ALL_ROUTES[area.name].map((r) => `${r.path} ${area.localOnly}`),
      );
  });
});
