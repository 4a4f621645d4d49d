/**
 * The simulation's counts beside the model's, per phase of the day and per company, for the
 * app's own table accesses (the embedded runtime's schedule items and sweeps counted apart) and
 * each workflow's transitions.
 */
import { perOperation, tableOf } from './model';
import type { UsageProfile } from './profile';
import type { DayPhase, SimulationResult } from './simulate';

/** The model's operations each phase of the simulated day runs, and how many a company. */
const PHASE_OPERATIONS: Record<DayPhase, string[]> = {
  'sign-in': ['sign-in'],
  media: ['media upload'],
  posts: ['post group written', 'post published'],
  collection: ['report collection'],
};

interface Comparison {
  phase: DayPhase;
  what: string;
  model: number;
  simulated: number;
  /** simulated / model − 1, or the count a company where the model expects none. */
  gap: number;
}

function comparisons(result: SimulationResult, profile: UsageProfile): Comparison[] {
  const ops = perOperation(profile);
  const rows: Comparison[] = [];
  for (const [phase, names] of Object.entries(PHASE_OPERATIONS) as [DayPhase, string[]][]) {
    const model = { itemReads: 0, queries: 0, itemWrites: 0, gsiWriteUnits: 0, transitions: 0 };
    for (const { op, perDay } of ops.filter((o) => names.includes(o.op.name))) {
      const t = tableOf(op.table);
      model.itemReads += perDay * t.itemReads;
      model.queries += perDay * t.queries;
      model.itemWrites += perDay * t.itemWrites;
      model.gsiWriteUnits += perDay * t.gsiWriteUnits;
      model.transitions += perDay * op.transitions;
    }
    const sim = result.phases[phase];
    const per = (x: number) => x / result.companies;
    const app = sim.table.app;
    const simulated = {
      itemReads: per(app.itemReads),
      queries: per(app.queries),
      itemWrites: per(app.itemWrites),
      gsiWriteUnits: per(app.gsiWriteUnits),
      transitions: per(Object.values(sim.workflows).reduce((a, w) => a + w.transitions, 0)),
    };
    for (const what of Object.keys(model) as (keyof typeof model)[]) {
      if (!model[what] && !simulated[what]) continue;
      rows.push({
        phase,
        what,
        model: model[what],
        simulated: simulated[what],
        // Where the model expects none, the gap is what was counted a company (0.1: one call in ten companies).
        gap: model[what] ? simulated[what] / model[what] - 1 : simulated[what],
      });
    }
  }
  return rows;
}

export function compare(result: SimulationResult, profile: UsageProfile): string[] {
  const rows = comparisons(result, profile);
  const lines = [
    `Simulated day: ${result.companies} companies; seconds ${JSON.stringify(result.seconds)}; published ${result.published}, failed ${result.failedPosts}.`,
    '',
    '| phase | per company a day | model | simulated | gap |',
    '|---|---|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.phase} | ${r.what} | ${r.model.toFixed(2)} | ${r.simulated.toFixed(2)} | ${(r.gap * 100).toFixed(1)}% |`,
    ),
    '',
  ];
  const off = rows.filter((r) => Math.abs(r.gap) > 0.1);
  lines.push(
    off.length
      ? `Beyond 10%: ${off.map((r) => `${r.phase} ${r.what}`).join(', ')}`
      : 'Every count within 10% of the model.',
  );
  const s = Object.values(result.phases);
  const sum = (pick: (p: (typeof s)[number]) => number) => s.reduce((a, p) => a + pick(p), 0);
  lines.push(
    `Counted apart: schedule items (EventBridge Scheduler in AWS) ${sum((p) => p.table.scheduler.calls)} calls, sweeps ${sum((p) => p.table.sweeper.calls)} calls, S3 ${JSON.stringify(Object.assign({}, ...s.map((p) => p.s3)))}.`,
  );
  return lines;
}
