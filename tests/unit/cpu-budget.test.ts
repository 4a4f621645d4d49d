import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { formatCpuBudget, groupOf, startCpuBudget } from '../support/cpu-budget';

describe("npm test's CPU budget", () => {
  it('puts each kind of process in its group by its command line', () => {
    expect(groupOf('/usr/lib/chromium/chromium --type=renderer --headless')).toBe('browsers (Chromium)');
    expect(groupOf('java -Djava.library.path=./DynamoDBLocal_lib -jar DynamoDBLocal.jar -port 8000')).toBe(
      'DynamoDB Local (JVMs)',
    );
    expect(groupOf('/usr/sbin/mariadbd --datadir=/tmp/wp/mariadb')).toBe('WordPress (PHP, MariaDB)');
    expect(groupOf('php -S 127.0.0.1:8080 -t /usr/share/wordpress')).toBe('WordPress (PHP, MariaDB)');
    expect(groupOf('node --import tsx infra/local/main.ts')).toBe('embedded runtimes');
    expect(groupOf('node --enable-source-maps /w/node_modules/.cache/test-runtime/main.mjs')).toBe('embedded runtimes');
    expect(groupOf('node /work/main/node_modules/vitest/dist/workers/forks.js')).toBe('test workers (vitest)');
    expect(groupOf('node node_modules/.bin/eslint . --max-warnings 0')).toBe('eslint');
    expect(groupOf('node node_modules/typescript/bin/tsc -p tsconfig.node.json')).toBe('typecheck (tsc)');
    expect(groupOf('sleep 5')).toBe('other processes');
  });

  it('counts the CPU a child spends, and prints it against what the cores had', async () => {
    const cpu = startCpuBudget(2, 100);
    // A child that spins until it has used 800 ms of CPU (however loaded the machine), then exits.
    const child = spawn(process.execPath, [
      '-e',
      'const t = process.cpuUsage(); while ((process.cpuUsage(t).user + process.cpuUsage(t).system) < 800000);',
    ]);
    await new Promise((done) => child.once('exit', done));
    const budget = cpu.stop();
    const other = budget.groups.find((g) => g.name === 'other processes');
    expect(other?.seconds).toBeGreaterThanOrEqual(0.8);
    expect(other?.processes).toBeGreaterThanOrEqual(1);
    expect(budget.totalSeconds).toBeGreaterThanOrEqual(other!.seconds);
    const printed = formatCpuBudget(budget);
    expect(printed).toMatch(/^CPU budget: \d+ CPU seconds of \d+ available \(2 cores × \d+ s wall\)/);
    expect(printed).toContain('other processes');
  });
});
