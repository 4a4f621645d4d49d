import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where `npm test`'s CPU goes, read from /proc: every process under this one is sampled once a
 * second, its own user and system time (fields 14 and 15 of /proc/<pid>/stat) kept at the last
 * value seen, and it is put in a group by its command line. The total comes from this process's
 * reaped children (fields 16 and 17 of /proc/self/stat), which count every descendant that was
 * waited for, so what the sampling missed (processes that lived under a second, or died between
 * samples) shows as the difference instead of being lost. On a machine without /proc the
 * budget is empty.
 */
export interface CpuBudget {
  /** CPU seconds per group, largest first. */
  groups: { name: string; seconds: number; processes: number }[];
  /** CPU seconds of every descendant reaped by the end. */
  totalSeconds: number;
  wallSeconds: number;
  cores: number;
}

/** First match wins: the order puts the specific before the general (a vitest worker is also node). */
const GROUPS: { name: string; match: (cmd: string) => boolean }[] = [
  { name: 'browsers (Chromium)', match: (cmd) => /chrom(e|ium)|headless_shell/i.test(cmd) },
  { name: 'DynamoDB Local (JVMs)', match: (cmd) => /(^|\/)java\b/.test(cmd) || cmd.includes('DynamoDBLocal') },
  { name: 'WordPress (PHP, MariaDB)', match: (cmd) => /(^|\/)(php|mariadbd|mysqld)\b/.test(cmd) },
  {
    name: 'embedded runtimes',
    match: (cmd) => cmd.includes('infra/local/main.ts') || cmd.includes('test-runtime/main.mjs'),
  },
  { name: 'eslint', match: (cmd) => cmd.includes('.bin/eslint') || cmd.includes('eslint/bin') },
  { name: 'prettier', match: (cmd) => cmd.includes('prettier') },
  { name: 'typecheck (tsc)', match: (cmd) => /(^|\/)tsc\b|typescript\/bin/.test(cmd) },
  { name: 'unused code (knip)', match: (cmd) => cmd.includes('knip') },
  { name: 'web build (vite)', match: (cmd) => cmd.includes('.bin/vite ') || cmd.includes('vite/bin') },
  { name: 'test workers (vitest)', match: (cmd) => cmd.includes('vitest') },
  { name: 'S3 (s3rver), moto and other helpers', match: (cmd) => /s3rver|moto|python/.test(cmd) },
];
const OTHER = 'other processes';

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Stat {
  ppid: number;
  /** Own user + system time, in ticks. */
  ticks: number;
  /** Reaped children's user + system time, in ticks. */
  childTicks: number;
  startTime: string;
}

function readStat(pid: string): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: split after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state), so field n is fields[n - 3].
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      childTicks: Number(fields[13]) + Number(fields[14]),
      startTime: fields[19] ?? '',
    };
  } catch {
    return undefined;
  }
}

function commandOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

export function groupOf(command: string): string {
  return GROUPS.find((group) => group.match(command))?.name ?? OTHER;
}

/** Starts sampling; `stop()` ends it and gives the budget. */
export function startCpuBudget(cores: number, intervalMs = 1000): { stop(): CpuBudget } {
  const started = performance.now();
  const root = String(process.pid);
  /** By pid and start time (a pid can be reused): the group and the last own time seen. */
  const seen = new Map<string, { group: string; ticks: number }>();

  const sample = () => {
    let pids: string[];
    try {
      pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
      return;
    }
    const stats = new Map<string, Stat>();
    for (const pid of pids) {
      const stat = readStat(pid);
      if (stat) stats.set(pid, stat);
    }
    const isDescendant = (pid: string) => {
      for (let at = stats.get(pid)?.ppid, hops = 0; at !== undefined && hops < 64; hops++) {
        if (String(at) === root) return true;
        at = stats.get(String(at))?.ppid;
      }
      return false;
    };
    for (const [pid, stat] of stats) {
      if (pid === root || !isDescendant(pid)) continue;
      const key = `${pid}@${stat.startTime}`;
      const known = seen.get(key);
      if (known) known.ticks = Math.max(known.ticks, stat.ticks);
      else seen.set(key, { group: groupOf(commandOf(pid)), ticks: stat.ticks });
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();

  return {
    stop() {
      clearInterval(timer);
      sample();
      const groups = new Map<string, { seconds: number; processes: number }>();
      for (const { group, ticks } of seen.values()) {
        const entry = groups.get(group) ?? { seconds: 0, processes: 0 };
        entry.seconds += ticks / ticksPerSecond;
        entry.processes++;
        groups.set(group, entry);
      }
      const totalSeconds = (readStat('self')?.childTicks ?? 0) / ticksPerSecond;
      const sampled = [...groups.values()].reduce((sum, group) => sum + group.seconds, 0);
      // Processes still alive (not reaped) are in the sampled figures but not in the total.
      const missed = totalSeconds - sampled;
      if (missed > 0) {
        const other = groups.get(OTHER) ?? { seconds: 0, processes: 0 };
        groups.set(OTHER, { seconds: other.seconds + missed, processes: other.processes });
      }
      return {
        groups: [...groups].map(([name, g]) => ({ name, ...g })).sort((a, b) => b.seconds - a.seconds),
        totalSeconds: Math.max(totalSeconds, sampled),
        wallSeconds: (performance.now() - started) / 1000,
        cores,
      };
    },
  };
}

/** The lines `npm test` prints at its end. */
export function formatCpuBudget(budget: CpuBudget): string {
  const available = budget.wallSeconds * budget.cores;
  const lines = budget.groups.map(
    (g) => `  ${g.name.padEnd(38)} ${g.seconds.toFixed(0).padStart(6)} s  (${g.processes} processes)`,
  );
  return [
    `CPU budget: ${budget.totalSeconds.toFixed(0)} CPU seconds of ${available.toFixed(0)} available (${budget.cores} cores × ${budget.wallSeconds.toFixed(0)} s wall), ${((budget.totalSeconds / Math.max(available, 1)) * 100).toFixed(0)}% busy`,
    ...lines,
  ].join('\n');
}
