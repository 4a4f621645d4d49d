import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface RunJobDefinition {
  States: {
    Route: { Choices: { Variable: string; StringEquals: string; Next: string }[] };
  } & Record<string, Record<string, unknown>>;
}

/**
 * A copy of infra/workflows in which run-job's Route also sends `kinds` to the Run task `state`
 * (tests bind that task's worker to job kinds of their own; the Route knows only the app's).
 * `edit` may change the copied run-job definition further. `remove` deletes the copy.
 */
export function workflowsRouting(
  kinds: readonly string[],
  state: string,
  edit: (runJob: RunJobDefinition) => void = () => {},
): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'workflows-'));
  cpSync(join(import.meta.dirname, '../../infra/workflows'), dir, { recursive: true });
  const file = join(dir, 'run-job.asl.json');
  const runJob = JSON.parse(readFileSync(file, 'utf8')) as RunJobDefinition;
  if (!runJob.States[state]) throw new Error(`run-job.asl.json has no state ${state}`);
  runJob.States.Route.Choices.unshift(
    ...kinds.map((kind) => ({ Variable: '$.kind', StringEquals: kind, Next: state })),
  );
  edit(runJob);
  writeFileSync(file, JSON.stringify(runJob));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
