/**
 * `npm run test:durations`: writes tests/support/test-durations.json, the seconds each test file
 * took in the last `npm test` (its Vitest reports in test-results/), for the longest-first order
 * (LongestFirst in vitest.config.ts). Run it after adding or much changing a long test file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const reports = ['vitest.json', 'vitest-timing.json'].flatMap((name) => {
  try {
    return [JSON.parse(readFileSync(resolve(root, 'test-results', name), 'utf8')) as Report];
  } catch {
    return [];
  }
});
interface Report {
  testResults: { name: string; startTime: number; endTime: number }[];
}
/**
 * A file's path from the project's root, whichever checkout ran it: the reports of a run in a fresh
 * clone name that clone's files, and the table is only read with paths relative to the root.
 */
function testPath(name: string): string {
  const parts = relative(root, name).split(sep);
  return parts.slice(Math.max(0, parts.indexOf('tests'))).join('/');
}
if (!reports.length) throw new Error('No test-results/vitest.json: run `npm test` first.');
const seconds = Object.fromEntries(
  reports
    .flatMap((report) => report.testResults)
    .map((file) => [testPath(file.name), Math.round((file.endTime - file.startTime) / 100) / 10] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(resolve(import.meta.dirname, 'test-durations.json'), JSON.stringify(seconds, null, 2) + '\n');
console.log(`${Object.keys(seconds).length} test files measured.`);
