import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const alias = {
  '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

/**
 * Seconds each test file took in a full run, by path (`npm run test:durations` rewrites it from
 * the last `npm test`'s report). Only their order matters, so a run on a busier machine does not
 * spoil it.
 */
const durations = JSON.parse(
  readFileSync(new URL('./tests/support/test-durations.json', import.meta.url), 'utf8'),
) as Record<string, number>;
/** A file not measured yet: in the middle of the pack. */
const UNMEASURED_SECONDS = 20;

/**
 * The longest files first, whatever their project, on a fresh clone too (Vitest's own order needs
 * its cache of a previous run, and otherwise runs the projects one after another). Browser files,
 * which keep the CPU busy, then mix with integration files that mostly wait, and no long file is
 * left to start last while the other workers idle.
 */
class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (file: TestSpecification) => durations[relative(root, file.moduleId)] ?? UNMEASURED_SECONDS;
    return Promise.resolve(
      [...files].sort(
        (a, b) =>
          a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || seconds(b) - seconds(a),
      ),
    );
  }
}

/**
 * What a unit file may change that the next file in the same process would see: a mocked module,
 * a stubbed global or environment variable, the clock, or process.env written by hand.
 */
const CHANGES_THE_PROCESS =
  /\bvi\.(do)?[mM]ock\(|\bvi\.stub(Global|Env)\(|useFakeTimers|setSystemTime|process\.env(\.\w+|\[[^\]]+\])?\s*=[^=]|delete process\.env|Reflect\.deleteProperty\(process\.env|Object\.assign\(process\.env|globalThis\.\w+\s*=[^=]/;
const unitDir = fileURLToPath(new URL('./tests/unit', import.meta.url));
const unitFiles = readdirSync(unitDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => ({
    path: `tests/unit/${name}`,
    changes: CHANGES_THE_PROCESS.test(readFileSync(join(unitDir, name), 'utf8')),
  }));
/** Unit files that change the process run alone in theirs; the others share a worker's imports. */
const unitFilesWhere = (changes: boolean) =>
  unitFiles.filter((file) => file.changes === changes).map((file) => file.path);

/**
 * Test files at once, across all projects but timing. Vitest's default (CPUs − 1) is 1 on a
 * two-core machine, yet most of the suite waits on I/O (DynamoDB Local, HTTP, Chromium), so
 * more files than cores keep both cores busy. Measured in docs/testing.md; TEST_WORKERS overrides.
 */
const WORKERS = Number(process.env.TEST_WORKERS) || 4;

/**
 * One `npm test`, seven projects. unit (and unit-isolated), components, integration, infra and e2e run side by side in one pool;
 * integration and e2e share one embedded runtime (tests/support/global-runtime.ts). timing
 * holds the tests that assert on how long something takes: it runs after the rest, alone, on a
 * runtime of its own.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFirst },
    // expect.poll waits for work that ends on its own (a page's answer, a workflow's step): on a
    // loaded two-core machine that can take seconds, and Vitest's default gives up after one.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: unitFilesWhere(true),
          // Unisolated, a worker's files share one import of the app's modules (a quarter to a
          // third of the project's CPU, measured in docs/testing.md): these files change nothing another file would see.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: ['tests/unit/**/*.test.ts'], exclude: unitFilesWhere(false) },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/components/support/setup.ts'],
          // Unisolated, a worker's files share one import of React, the router and the app's modules
          // (most of a file's time); the setup file clears what the app keeps between renders.
          isolate: false,
          // A test takes well under a second alone; the limit is for a machine loaded by other runs.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-runtime.ts'],
          setupFiles: ['tests/support/runtime-errors-on-failure.ts'],
          // A limit catches a hang, not slowness: the heaviest tests here (eleven image draws, a
          // demo history written three times, two audits) take 30-60 s on a quiet two-core
          // machine and twice that beside ESLint and tsc in CI.
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          testTimeout: 180_000,
          // The files only read the synthesized stack: unisolated, a worker's files share one synth.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-runtime.ts', 'tests/e2e/browser-server.ts'],
          setupFiles: ['tests/e2e/failure-report.ts', 'tests/support/runtime-errors-on-failure.ts'],
          // As for integration: journeys of 70-90 s on a quiet machine run twice as long in CI.
          testTimeout: 240_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'timing',
          include: ['tests/timing/**/*.test.ts'],
          globalSetup: ['tests/support/global-runtime.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // After every other project (group 0), one file at a time: nothing else loads the machine.
          // `npm test` (tests/all.ts) goes further and runs it as a second Vitest run, after the checks.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
