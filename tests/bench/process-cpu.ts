import { readFileSync } from 'node:fs';

/**
 * CPU time (user + system, ms) spent so far by a process and all its descendants, read from
 * /proc. Benches report it beside wall-clock rates: on a busy machine the rate says how long
 * the run took, the CPU time says what the work costs, and so what an idle machine can reach.
 */
export function treeCpuMs(pid: number): number {
  return Object.values(treeCpuMsByCommand(pid)).reduce((sum, ms) => sum + ms, 0);
}

/** The same, per command (node, java...): which process of the tree the time went to. */
export function treeCpuMsByCommand(pid: number): Record<string, number> {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const own = (p: number) => {
    try {
      // Fields after the command name, which is in parentheses and may contain spaces.
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
    } catch {
      return 0; // The process ended.
    }
  };
  const children = (p: number): number[] => {
    try {
      return readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const command = (p: number) => {
    try {
      return readFileSync(`/proc/${p}/comm`, 'utf8').trim();
    } catch {
      return 'gone';
    }
  };
  const totals: Record<string, number> = {};
  const queue = [pid];
  while (queue.length) {
    const p = queue.pop()!;
    const name = command(p);
    totals[name] = (totals[name] ?? 0) + own(p);
    queue.push(...children(p));
  }
  return totals;
}
