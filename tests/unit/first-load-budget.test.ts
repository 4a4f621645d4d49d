import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestListener } from '../../infra/local/http-server';
import { signedInPages, signedOutPages, type PageVisit } from '../e2e/pages';

/**
 * A visitor's first load of any route, signed in or out, costs at most 151 kB of gzipped JS and
 * CSS, with no tolerance. What keeps it there is in docs/performance.md ("First load").
 *
 * Read from the build rather than a browser: the route's lazy chunk comes from the router's source,
 * its files from Vite's manifest. What the browser fetches on a first load is the entry, its static
 * imports, and for the route the chunk the router imports with everything Vite preloads beside it:
 * its static imports, transitively, and their CSS.
 */
const TARGET_BYTES = 151_000;

const root = resolve(import.meta.dirname, '../..');
const web = join(root, 'web');
const dist = join(web, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const routerPath = join(web, 'src', 'app', 'router.tsx');

/**
 * What a page lazy-loads and shows on its first render, besides its route chunk, by source file
 * (relative to web/): neither the router nor the manifest says which of a page's parts it shows
 * first. A settings address names its tab (billing's is handed in by the router, from its own
 * feature); a new company starts onboarding on the overview step. Each must be a chunk of the build,
 * so a renamed or moved part fails the test instead of dropping out of the sum.
 */
const SHOWN_AT_ONCE: Record<string, (params: Record<string, string>) => string[]> = {
  '/settings/:tab': ({ tab = '' }) => [
    tab === 'billing'
      ? 'src/features/billing/components/billing-tab.tsx'
      : `src/features/settings/components/${tab}-tab.tsx`,
  ],
  '/dashboard/onboard': () => ['src/features/onboarding/components/overview-step.tsx'],
  '/seo-report/:section/:check?': ({ section = '' }) => [
    `src/features/seo/components/${['pages', 'links', 'resources'].includes(section) ? 'audit-tables' : { overview: 'audit-overview', issues: 'audit-issues', comparison: 'audit-comparison', audits: 'audit-list' }[section]}.tsx`,
  ],
};

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  if (!existsSync(manifestPath)) {
    throw new Error(
      `${manifestPath} is missing: run \`npm run build:web\` first (npm test builds it before the tests run)`,
    );
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
}

/** A route of the router: its pattern and the modules its `lazy` and `loader` import (as written). */
interface RouterRoute {
  pattern: string;
  /** Only a redirect (`element: <Navigate ... />`): no page of its own. */
  redirect: boolean;
  /** Has a `lazy` property: it must name at least one module. */
  lazy: boolean;
  imports: string[];
}

/**
 * The routes of web/src/app/router.tsx with the modules each loads beside the entry: the `import()`s
 * of its `lazy` and `loader`, and of its parents', following the router file's own functions and
 * constants they use. React's `lazy(...)` components are not followed: they load when rendered,
 * which is what SHOWN_AT_ONCE says for the pages that render one at once.
 */
function routerRoutes(): RouterRoute[] {
  const source = ts.createSourceFile(routerPath, readFileSync(routerPath, 'utf8'), ts.ScriptTarget.Latest, true);
  const declarations = new Map<string, ts.Node>();
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) declarations.set(statement.name.text, statement);
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name)) declarations.set(d.name.text, d);
      }
    }
  }

  function importsOf(node: ts.Node, seen = new Set<ts.Node>()): string[] {
    const found: string[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n)) {
        if (ts.isIdentifier(n.expression) && n.expression.text === 'lazy') return;
        const [first] = n.arguments;
        if (n.expression.kind === ts.SyntaxKind.ImportKeyword && first && ts.isStringLiteralLike(first)) {
          found.push(first.text);
        }
      }
      // A name, not a property's (`m.BillingTab`, `{ Component: ... }`), that the router file declares.
      const isProperty =
        (ts.isPropertyAccessExpression(n.parent) || ts.isPropertyAssignment(n.parent)) && n.parent.name === n;
      if (ts.isIdentifier(n) && !isProperty) {
        const declaration = declarations.get(n.text);
        if (declaration && !seen.has(declaration)) {
          seen.add(declaration);
          visit(declaration);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
    return found;
  }

  const property = (object: ts.ObjectLiteralExpression, name: string) =>
    object.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
    )?.initializer;

  const routes: RouterRoute[] = [];
  function walk(list: ts.Expression, inherited: string[]) {
    if (!ts.isArrayLiteralExpression(list))
      throw new Error(`router.tsx: expected an array of routes at ${list.getText()}`);
    for (const element of list.elements) {
      if (!ts.isObjectLiteralExpression(element)) throw new Error(`router.tsx: a route that is not an object literal`);
      const lazy = property(element, 'lazy');
      const loader = property(element, 'loader');
      const imports = [...inherited, ...(lazy ? importsOf(lazy) : []), ...(loader ? importsOf(loader) : [])];
      const path = property(element, 'path');
      const index = property(element, 'index')?.kind === ts.SyntaxKind.TrueKeyword;
      if (path || index) {
        const shown = property(element, 'element');
        routes.push({
          pattern: path && ts.isStringLiteralLike(path) ? path.text : '/',
          redirect: !!shown && ts.isJsxSelfClosingElement(shown) && shown.tagName.getText() === 'Navigate',
          lazy: !!lazy,
          imports,
        });
      }
      const children = property(element, 'children');
      if (children) walk(children, imports);
    }
  }
  const table = declarations.get('routes');
  if (!table || !ts.isVariableDeclaration(table) || !table.initializer) {
    throw new Error('router.tsx no longer declares `routes`: the budget cannot tell what each route loads');
  }
  walk(table.initializer, []);
  return routes;
}

/** The manifest key of the module an `import()` in router.tsx names. */
function chunkOf(manifest: Manifest, specifier: string): string {
  const path = specifier.startsWith('@/')
    ? posix.join('src', specifier.slice(2))
    : posix.relative(web, posix.join(dirname(routerPath), specifier));
  const candidates = ['.tsx', '.ts', '/index.tsx', '/index.ts', ''].map((ext) => path + ext);
  const key = Object.keys(manifest).find((k) => candidates.includes(manifest[k]?.src ?? ''));
  if (!key) throw new Error(`router.tsx imports ${specifier}, which is no chunk of the build (looked for ${path}.*)`);
  return key;
}

/** The parameters of `path` under a router pattern such as `/settings/:tab` or `/calendar/:date?`. */
function paramsOf(pattern: string, path: string): Record<string, string> {
  const params: Record<string, string> = {};
  const values = path.split('/');
  pattern.split('/').forEach((segment, i) => {
    const value = values[i];
    if (segment.startsWith(':') && value) params[segment.slice(1).replace(/\?$/, '')] = value;
  });
  return params;
}

interface FirstLoad {
  path: string;
  files: { url: string; module: string; gzipped: number }[];
  total: number;
}

/** Every route in `visits`, costed from the manifest: the chunks' files, their CSS, each gzipped at level 9. */
function firstLoads(manifest: Manifest, routes: RouterRoute[], visits: PageVisit[]): FirstLoad[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`the build has ${entries.length} entries (${entries.join(', ')}), not 1`);
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };

  return visits.map((visit) => {
    const route = routes.find((r) => r.pattern === visit.pattern && !r.redirect);
    if (!route) throw new Error(`${visit.path}: router.tsx has no page route ${visit.pattern}`);
    const modules = route.imports.map((specifier) => chunkOf(manifest, specifier));
    if (route.lazy && modules.length === 0) {
      throw new Error(`${visit.path}: cannot tell which module the lazy route ${visit.pattern} imports`);
    }
    for (const src of SHOWN_AT_ONCE[visit.pattern]?.(paramsOf(visit.pattern, visit.path)) ?? []) {
      if (!manifest[src]?.isDynamicEntry) throw new Error(`${visit.path}: ${src} is no lazy chunk of the build`);
      modules.push(src);
    }

    const chunks = new Set<string>();
    const pending = [...entries, ...modules];
    for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
      if (chunks.has(key)) continue;
      const chunk = manifest[key];
      if (!chunk) throw new Error(`the manifest names ${key} among the imports but has no such chunk`);
      chunks.add(key);
      pending.push(...(chunk.imports ?? []));
    }
    const files = new Map<string, string>();
    for (const key of chunks) {
      const chunk = manifest[key];
      if (!chunk) continue;
      const module = chunk.src ?? chunk.name ?? key;
      files.set(chunk.file, module);
      for (const css of chunk.css ?? []) if (!files.has(css)) files.set(css, `CSS of ${module}`);
    }
    const costed = [...files].map(([file, module]) => ({ url: `/${file}`, module, gzipped: sizeOf(file) }));
    return { path: visit.path, files: costed, total: costed.reduce((sum, f) => sum + f.gzipped, 0) };
  });
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The routes of `loads` heavier than `limit`, as "path: size". */
const over = (loads: FirstLoad[], limit: number) =>
  loads.filter((l) => l.total > limit).map((l) => `${l.path}: ${kB(l.total)}`);

/** A route's files, heaviest first, so a route over the budget shows what to cut. */
const breakdown = (load: FirstLoad) =>
  [...load.files]
    .sort((a, b) => b.gzipped - a.gzipped)
    .map((f) => `      ${kB(f.gzipped).padStart(9)}  ${f.url}  ${f.module}`);

/** Every route's size; a route over the target also lists its files. */
function report(group: string, loads: FirstLoad[]) {
  const above = over(loads, TARGET_BYTES);
  console.log(
    [
      `${group}: first load per route (gzipped JS + CSS)`,
      ...loads.flatMap((l) => [
        `  ${l.path.padEnd(40)} ${kB(l.total)}`,
        ...(l.total > TARGET_BYTES ? breakdown(l) : []),
      ]),
      above.length
        ? `${above.length} of ${loads.length} routes above the ${kB(TARGET_BYTES)} target: ${above.join(', ')}`
        : `every route within the ${kB(TARGET_BYTES)} target`,
    ].join('\n'),
  );
}

describe('first-load budget', () => {
  it('visits every page route of the router', () => {
    const visited = new Set([...signedOutPages, ...signedInPages].map((p) => p.pattern));
    const pages = routerRoutes().filter((r) => !r.redirect);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.map((r) => r.pattern).filter((pattern) => !visited.has(pattern))).toEqual([]);
  });

  it(`signed out, no page loads more than ${kB(TARGET_BYTES)}`, () => {
    const loads = firstLoads(readManifest(), routerRoutes(), signedOutPages);
    report('signed out', loads);
    expect(over(loads, TARGET_BYTES)).toEqual([]);
  });

  it(`signed in, no page loads more than ${kB(TARGET_BYTES)}`, () => {
    const loads = firstLoads(readManifest(), routerRoutes(), signedInPages);
    report('signed in', loads);
    expect(over(loads, TARGET_BYTES)).toEqual([]);
  });
});

/**
 * The built app as the embedded runtime serves it (the same request listener): what the budget
 * counts gzipped is sent compressed, and the build holds no source maps.
 */
describe('the built assets', () => {
  let server: Server | undefined;
  let origin = '';
  beforeAll(async () => {
    readManifest();
    const started = createServer(createRequestListener({ handlers: new Map(), webDist: dist }));
    server = started;
    await new Promise<void>((ready) => started.listen(0, '127.0.0.1', ready));
    origin = `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
    // The listener sends pages opened at any other origin to the app's own.
    process.env.APP_ORIGIN = origin;
  });
  afterAll(() => {
    delete process.env.APP_ORIGIN;
    return new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  });

  it('are served compressed, and with no source maps', async () => {
    const html = await (await fetch(origin)).text();
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    const style = /<link[^>]+href="([^"]+\.css)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(style).toBeDefined();
    for (const asset of [script, style]) {
      const url = new URL(asset ?? '', origin);
      const brotli = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(brotli.headers.get('content-encoding'), url.pathname).toBe('br');
      const gzip = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers.get('content-encoding'), url.pathname).toBe('gzip');
      const map = await fetch(new URL(`${url.pathname}.map`, origin));
      const body = await map.text();
      // The SPA fallback may answer index.html; what must never come back is a source map.
      expect(body.includes('"mappings"'), `${url.pathname}.map`).toBe(false);
    }
  });
});
