import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, the encoding headers cost more than they save. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the highest
 * levels (paid once per build, not per request). The embedded runtime's static server sends
 * them to browsers that accept them; CloudFront compresses on its own.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const source = await readFile(path);
          if (source.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
            gz(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/**
 * Drops each contract's `summary` and `permission` from the SPA's build. The summary is the route
 * table's line (docs/routes.md, written by infra/write-route-table.ts), which the web never reads,
 * and every page that calls a contract paid for its words (0.6 kB of the calendar's first load, 0.4
 * kB of the editors'). The permission is the server's check: the web asks `useMay` for the
 * permission a control needs (web/src/api/companies/permissions.ts), never a contract's.
 */
function dropContractSummaries(): Plugin {
  const contractModule = /[\\/]shared[\\/]contracts[\\/][^\\/]+\.ts$/;
  const summary = /^[ \t]*summary:\s*('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"),[ \t]*\n/gm;
  const permission = /^[ \t]*permission:\s*(['"])\w+\1,[ \t]*\n/gm;
  return {
    name: 'drop-contract-summaries',
    apply: 'build',
    transform(code, id) {
      return contractModule.test(id) ? { code: code.replace(summary, '').replace(permission, ''), map: null } : null;
    },
  };
}

/**
 * React Router's production build in the SPA's. Its package.json sends every bundler to its
 * development build (`dist/development`), which differs from `dist/production` only in keeping its
 * warnings on: 0.6 kB on every page. The build takes the two entries the app imports through
 * react-router-dom (`react-router`, `react-router/dom`) from `dist/production`; the dev server and
 * the tests keep the warnings. A release whose layout differs fails the build rather than ship the
 * development code again.
 */
function reactRouterProduction(): Plugin {
  const entries = new Set(['react-router', 'react-router/dom']);
  const development = /([\\/]react-router[\\/]dist[\\/])development([\\/][^\\/]+)$/;
  return {
    name: 'react-router-production',
    apply: 'build',
    // Before Vite's own resolver, which would answer with the development build.
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!entries.has(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !development.test(resolved.id)) return null;
      const production = resolved.id.replace(development, '$1production$2');
      if (!existsSync(production)) throw new Error(`${source}: no production build at ${production}`);
      return production;
    },
  };
}

export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  plugins: [react(), precompress(), dropContractSummaries(), reactRouterProduction()],
  resolve: {
    alias: { '@shared': here('../shared'), '@': here('./src') },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    // .vite/manifest.json: which files each module's first load needs (tests/unit/first-load-budget.test.ts).
    manifest: true,
    // web/dist is what the bucket serves: no source maps in it, so the source is not public.
    sourcemap: false,
    // Every browser the app supports preloads modules natively; the polyfill would ship to all of them.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Files named by their hash alone: every import of a chunk and the entry's preload map spell
        // each file name, and names like "post-page-" cost 0.7 kB on every page. The build's
        // manifest (.vite/manifest.json) says which module each file holds.
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
        codeSplitting: {
          groups: [
            // Everything the entry imports statically loads on every page anyway: one chunk compresses
            // better than the dozen small shared chunks Rolldown would cut it into (4 kB less per page).
            { name: 'app', tags: ['$initial'] },
            // The few UI pieces nearly every page shows: one small chunk instead of one file each.
            // With them, the role checks that decide which of those pieces a page shows.
            {
              name: 'ui',
              test: /components[\\/]ui[\\/](card|page-header|empty-state|alert|badge|field)\.tsx$|(shared|api[\\/]companies)[\\/]permissions\.ts$|components[\\/]may-or-notice\.tsx$/,
            },
            // The platforms' rules and the calendar's day checks, which the post and calendar pages
            // share: one chunk instead of three small ones, each with its own overhead.
            { name: 'rules', test: /shared[\\/](platforms|platform-rules|calendar-day)\.ts$/ },
            // The posts' query keys and the calendar's schemas, which every post and calendar page
            // loads together: one chunk instead of two.
            { name: 'post-keys', test: /api[\\/]posts[\\/]post-keys\.ts$|shared[\\/]schemas[\\/]calendar\.ts$/ },
            // The icons of the post editor's toolbar and header, which other pages use too: one file
            // instead of seven (each file costs its own overhead on the editor's tight first load).
            {
              name: 'editor-icons',
              test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](send|save|calendar-clock|chevron-right|chevron-left|arrow-left|chevron-down)\.m?js$/,
            },
            // The chart component and its data-table button, which the pages with charts show at once:
            // one chunk instead of two small ones (chartist itself loads with the first drawing).
            { name: 'charts', test: /components[\\/]charts[\\/](chart|data-table-button)\.tsx$/ },
          ],
        },
      },
    },
  },
});
