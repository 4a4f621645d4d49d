import { spawnSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** Every Lambda entry: the API areas' handlers and the workflow workers. */
const entries = [
  ...readdirSync(join(root, 'functions/api'))
    .map((area) => `functions/api/${area}/handler.ts`)
    .filter((path) => existsSync(join(root, path))),
  ...readdirSync(join(root, 'functions/workers'))
    .filter((file) => file.endsWith('.ts') && file !== 'workers.ts')
    .map((file) => `functions/workers/${file}`),
];

/** Imports `paths` in a child process where resolving 'sharp' fails; what it printed. */
function importWithoutSharp(script: string) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', './tests/support/refuse-sharp.mjs', '--input-type=module', '-e', script],
    { cwd: root, encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' }, timeout: 60_000 },
  );
  return `${run.stdout}${run.stderr}`;
}

/**
 * sharp loads its native binary when its module is evaluated. Half the Lambdas' bundles reach
 * the media code (company delete, publishing, plans...); a top-level import would end their
 * cold start wherever the binary is missing. Only the code that resizes an image loads it.
 */
describe('sharp loads on first use only', () => {
  it('every handler and worker loads where sharp cannot', () => {
    const imports = entries.map((path) => `await import('./${path}');`).join(' ');
    expect(importWithoutSharp(`${imports} console.log('loaded ${entries.length}');`)).toContain(
      `loaded ${entries.length}`,
    );
  }, 90_000);

  it('and the refusal is real: making a thumbnail asks for sharp', () => {
    const out = importWithoutSharp(
      "const { imageRenditions } = await import('./functions/core/media/renditions.ts'); await imageRenditions(Buffer.from('x'), 'png').catch((e) => console.log('refused:', e.message));",
    );
    expect(out).toContain('refused: sharp was loaded');
  }, 60_000);
});
