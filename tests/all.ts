/**
 * `npm test`: the web build, then every test project (vitest.config.ts) with lint, format and
 * typecheck running beside them rather than before them. The checks are mostly CPU, the tests
 * mostly wait on I/O, so together they take little longer than the tests alone. The checks run
 * at a lower priority so that tests which wait on a deadline are not starved, print their
 * findings at the end, and fail the command like a failed test. The last lines give the wall
 * time, the CPU budget (where the machine's CPU went, by kind of process) and the number of tests.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, setPriority } from 'node:os';
import { join } from 'node:path';
import { formatCpuBudget, startCpuBudget } from './support/cpu-budget';

const started = performance.now();
const cpu = startCpuBudget(availableParallelism());
const results = join('test-results', 'vitest.json');
const timingResults = join('test-results', 'vitest-timing.json');
mkdirSync('test-results', { recursive: true });
rmSync(results, { force: true });
rmSync(timingResults, { force: true });

interface Outcome {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

/** Runs a command; `quiet` collects its output for the end instead of streaming it. */
function run(name: string, command: string, args: string[], options: { quiet: boolean; nice?: number }) {
  return new Promise<Outcome>((resolve) => {
    const begun = performance.now();
    const child = spawn(command, args, { stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (options.nice && child.pid) setPriority(child.pid, options.nice);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) =>
      resolve({ name, code: code ?? 1, output, seconds: (performance.now() - begun) / 1000 }),
    );
  });
}

const bin = (name: string) => join('node_modules', '.bin', name);

// The browser tests load the built app, so the build comes first (a few seconds).
const build = await run('web build', bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
  quiet: true,
});
if (build.code !== 0) {
  console.error(build.output);
  process.exit(build.code);
}

const checks = [
  run(
    'eslint',
    bin('eslint'),
    ['.', '--max-warnings', '0', '--cache', '--cache-location', 'node_modules/.cache/eslint/'],
    {
      quiet: true,
      nice: 10,
    },
  ),
  run('prettier', bin('prettier'), ['--check', '--cache', '--log-level', 'warn', '.'], { quiet: true, nice: 10 }),
  // Unused files, exports and dependencies (knip.jsonc).
  run('knip', bin('knip'), ['--no-progress', '--cache'], { quiet: true, nice: 10 }),
  run('typecheck', 'npm', ['run', '-s', 'typecheck'], { quiet: true, nice: 10 }),
];
const vitestArgs = ['run', '--config', 'vitest.config.ts', '--reporter', 'default', '--reporter', 'json'];
const vitest = (project: string, report: string) =>
  run('tests', bin('vitest'), [...vitestArgs, `--project=${project}`, '--outputFile.json', report], { quiet: false });
const tests = await vitest('!timing', results);
const done = await Promise.all(checks);
// The timing project last, once nothing else loads the machine, in a run of its own: its runtime
// (passwords hashed at full cost) then lives only while it is used.
const timing = await vitest('timing', timingResults);
for (const check of done) {
  const verdict = check.code === 0 ? 'ok' : `FAILED (exit ${check.code})`;
  console.log(`${check.name}: ${verdict} in ${check.seconds.toFixed(0)} s`);
  if (check.code !== 0) console.log(check.output);
}

const counts = [testCounts(results), testCounts(timingResults)].reduce((a, b) => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
  skipped: a.skipped + b.skipped,
}));
const seconds = (performance.now() - started) / 1000;
const budget = cpu.stop();
writeFileSync(join('test-results', 'cpu-budget.json'), JSON.stringify(budget, null, 2));
console.log(
  `\nnpm test wall time: ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s (${seconds.toFixed(0)} s)`,
);
console.log(formatCpuBudget(budget));
console.log(`tests executed: ${counts.passed + counts.failed} (${counts.skipped} skipped)`);
console.log(`${counts.passed} passed, ${counts.failed} failed`);
const failed = tests.code !== 0 || timing.code !== 0 || done.some((check) => check.code !== 0);
process.exit(failed ? 1 : 0);

/** A Vitest JSON report; a run that crashed before writing one counts as failed. */
function testCounts(path: string) {
  try {
    const report = JSON.parse(readFileSync(path, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}
