import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The longest-first order (vitest.config.ts) reads each file's seconds by its path from the root:
 * a table written from another checkout's paths matches no file, every file then ranks the same
 * and a long file can start last, which costs the whole suite minutes without failing anything.
 */
describe('the test durations table', () => {
  const root = resolve(import.meta.dirname, '../..');
  const table = JSON.parse(readFileSync(resolve(root, 'tests/support/test-durations.json'), 'utf8')) as Record<
    string,
    number
  >;
  const files = readdirSync(resolve(root, 'tests'), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.test\.tsx?$/.test(path))
    .map((path) => `tests/${path.split('\\').join('/')}`);

  it('names test files of this checkout, by their path from the root', () => {
    expect(Object.keys(table).filter((path) => !files.includes(path))).toEqual([]);
  });

  it('has most test files measured', () => {
    const measured = files.filter((file) => file in table).length;
    expect(measured / files.length).toBeGreaterThan(0.9);
  });
});
