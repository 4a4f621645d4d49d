import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * Unused code fails `npm run lint` and `npm test`: knip, with the project's own knip.jsonc, run on
 * a fixture laid out like the project (a Lambda entry, a store with one export too many, a file
 * nothing imports, a dependency nothing uses).
 */
const root = resolve(import.meta.dirname, '../..');
const fixture = join(import.meta.dirname, 'fixtures/lint/knip');

interface KnipIssue {
  file: string;
  files: { name: string }[];
  exports: { name: string }[];
  dependencies: { name: string }[];
}

/** knip's findings on the fixture, by kind: `exports` as `file: name`. */
async function knip() {
  const args = ['--no-progress', '--reporter', 'json', '--directory', fixture, '--config', join(root, 'knip.jsonc')];
  // knip exits 1 when it finds something: that is the answer read here, not a failure to run.
  const stdout = await promisify(execFile)(join(root, 'node_modules/.bin/knip'), args, { cwd: root }).then(
    (done) => done.stdout,
    (error: unknown) => (error as { stdout?: string }).stdout ?? '',
  );
  const { issues } = JSON.parse(stdout) as { issues: KnipIssue[] };
  return {
    files: issues.flatMap((i) => i.files.map((f) => f.name)),
    exports: issues.flatMap((i) => i.exports.map((e) => `${i.file}: ${e.name}`)).sort(),
    dependencies: issues.flatMap((i) => i.dependencies.map((d) => d.name)),
  };
}

describe('unused code fails lint (knip)', () => {
  it('fails an export used only in its own file or nowhere, a file nothing imports and an unused dependency', async () => {
    expect(await knip()).toEqual({
      files: ['functions/core/demo/orphan.ts'],
      exports: ['functions/core/demo/demo-store.ts: DEMO_LIMIT', 'functions/core/demo/demo-store.ts: removeDemo'],
      dependencies: ['left-pad'],
    });
  }, 60_000);

  it('runs in npm run lint and in npm test', () => {
    const scripts = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.lint).toMatch(/&& knip --no-progress --cache &&/);
    expect(readFileSync(join(root, 'tests/all.ts'), 'utf8')).toContain("run('knip', bin('knip')");
  });
});
