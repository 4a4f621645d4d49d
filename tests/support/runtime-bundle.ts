import { build } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '../..');
const entry = join(root, 'infra/local/main.ts');
/** Inside the checkout, so the bundle's packages resolve from its node_modules as the sources' do. */
const outDir = join(root, 'node_modules/.cache/test-runtime');

/**
 * The embedded runtime (`infra/local/main.ts`, what `npm start` runs) as one ES module, built with
 * esbuild once per test run and started with plain Node instead of tsx. A run starts some 45
 * runtimes; under tsx each spent over a CPU second resolving and loading several hundred source
 * files through its loader hooks. The code is the same: the app's own files bundled, its packages
 * left to Node (`packages: 'external'`), names kept as tsx keeps them, and `import.meta.url` the
 * entry's, which is all the runtime reads it for (the checkout's root, a package's folder).
 * Returns the bundle's path; a run in progress elsewhere keeps the file it started with, since the
 * new one replaces it by a rename.
 */
export async function buildRuntimeBundle(): Promise<string> {
  const out = join(outDir, 'main.mjs');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    keepNames: true,
    sourcemap: 'inline',
    tsconfig: join(root, 'tsconfig.json'),
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(entry).href) },
    outfile: out,
    write: false,
    logLevel: 'error',
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error('esbuild wrote no runtime bundle');
  mkdirSync(outDir, { recursive: true });
  const partial = `${out}.${process.pid}.partial`;
  writeFileSync(partial, file.contents);
  renameSync(partial, out);
  return out;
}
