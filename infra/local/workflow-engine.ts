import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import type { WorkflowStarter } from '../../functions/core/jobs/workflow-port';
import { WORKFLOWS, type WorkflowName } from '../../functions/core/workflows';
import { config } from '../../functions/core/config';
import { log } from '../../functions/core/log';
import { WORKERS } from '../../functions/workers/workers';

type Worker = (input: unknown, context: LocalLambdaContext) => Promise<unknown>;
type AslState = {
  Type: string;
  Resource?: string;
  TimeoutSeconds?: number;
  Seconds?: number;
  Retry?: { IntervalSeconds?: number }[];
  States?: Record<string, AslState>;
  Iterator?: AslState;
  ItemProcessor?: AslState;
  Branches?: AslState[];
};

const fakeArn = (name: string) => `arn:aws:lambda:us-east-1:000000000000:function:local-${name}`;

/** An ASL file as the engine runs it: each `${...FunctionArn}` placeholder a Lambda ARN of its own. */
export const localDefinition = (raw: string) =>
  JSON.parse(raw.replace(/\$\{(\w+)\}/g, (_, sub: string) => fakeArn(sub))) as StateMachineDefinition;

/** What Lambda passes a handler beside the event, as much of it as the workers read. */
interface LocalLambdaContext {
  functionName: string;
  functionVersion: string;
  invokedFunctionArn: string;
  memoryLimitInMB: string;
  awsRequestId: string;
  logGroupName: string;
  logStreamName: string;
  callbackWaitsForEmptyEventLoop: boolean;
  getRemainingTimeInMillis(): number;
}

/**
 * A Lambda context for one Task attempt: its remaining time counts down from the Task's
 * TimeoutSeconds (equal to the Lambda's timeout), so the worker's task signal aborts here
 * when it would in AWS.
 */
function localLambdaContext(substitution: string, timeoutMs: number): LocalLambdaContext {
  const endsAt = Date.now() + timeoutMs;
  return {
    functionName: `local-${substitution}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: fakeArn(substitution),
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/local/${substitution}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, endsAt - Date.now()),
  };
}

/** Every Task state, nested ones (Map, Parallel) included, with its placeholder resource. */
function taskStates(states: Record<string, AslState>, out: [string, AslState & { Resource: string }][] = []) {
  for (const [name, state] of Object.entries(states)) {
    if (state.Type === 'Task' && state.Resource) out.push([name, { ...state, Resource: state.Resource }]);
    for (const child of [state.Iterator, state.ItemProcessor, ...(state.Branches ?? [])]) {
      if (child?.States) taskStates(child.States, out);
    }
  }
  return out;
}

/** Every state of a definition, nested ones (Map, Parallel) included. */
function allStates(states: Record<string, AslState>, out: [string, AslState][] = []): [string, AslState][] {
  for (const [name, state] of Object.entries(states)) {
    out.push([name, state]);
    for (const child of [state.Iterator, state.ItemProcessor, ...(state.Branches ?? [])]) {
      if (child?.States) allStates(child.States, out);
    }
  }
  return out;
}

/**
 * Waits scaled by `timeScale` (tests set it below 1 where they do not assert on real time): each
 * retrier waits its first interval scaled, without the backoff's growth (the library takes one
 * interval per retrier), and a Wait of fixed Seconds its scaled seconds. A Wait that reads its
 * seconds from the input (SecondsPath) waits what the input says: that is the worker's decision.
 */
function timeOverrides(states: Record<string, AslState>, timeScale: number) {
  if (timeScale === 1) return {};
  const retryIntervalOverrides: Record<string, number[]> = {};
  const waitTimeOverrides: Record<string, number> = {};
  for (const [name, state] of allStates(states)) {
    if (state.Retry) retryIntervalOverrides[name] = state.Retry.map((r) => (r.IntervalSeconds ?? 1) * 1000 * timeScale);
    if (state.Type === 'Wait' && state.Seconds !== undefined)
      waitTimeOverrides[name] = state.Seconds * 1000 * timeScale;
  }
  return { retryIntervalOverrides, waitTimeOverrides };
}

export interface LocalWorkflowEngine extends WorkflowStarter {
  /** Resolves when every execution started so far has ended (tests, graceful stop). */
  idle(): Promise<void>;
}

/**
 * Runs the same ASL files CDK deploys, with aws-local-stepfunctions. Each Task's
 * `${...FunctionArn}` placeholder is bound to the worker handler CDK would deploy for it, so
 * Retry, Catch, Wait and Choice behave as in Step Functions while the code runs in-process.
 */
export async function createWorkflowEngine(
  workflowDir: string,
  /** Handlers to bind instead of the deployed ones, by substitution (tests bind job kinds of their own). */
  options: {
    workers?: Partial<
      Record<(typeof WORKERS)[number]['substitution'], (input: never, ...rest: never[]) => Promise<unknown>>
    >;
    /** Multiplies Retry intervals and fixed Waits; by default config.localTimeScale (WORKFLOW_TIME_SCALE). */
    timeScale?: number;
  } = {},
): Promise<LocalWorkflowEngine> {
  const workers = new Map<string, Worker>();
  for (const worker of WORKERS) {
    const override = options.workers?.[worker.substitution];
    const mod = override
      ? { handler: override as Worker }
      : ((await import(`../../functions/workers/${worker.name}.ts`)) as { handler: Worker });
    workers.set(worker.substitution, mod.handler);
  }

  const machines = new Map<
    WorkflowName,
    { machine: StateMachine; overrides: Record<string, Worker>; states: Record<string, AslState> }
  >();
  for (const name of WORKFLOWS) {
    const raw = readFileSync(join(workflowDir, `${name}.asl.json`), 'utf8');
    const definition = JSON.parse(raw) as { States: Record<string, AslState> };
    const overrides: Record<string, Worker> = {};
    for (const [state, task] of taskStates(definition.States)) {
      const placeholder = /^\$\{(\w+)\}$/.exec(task.Resource)?.[1];
      const worker = placeholder && workers.get(placeholder);
      if (!worker) throw new Error(`${name}.asl.json: Task ${state} uses ${task.Resource}, which no worker provides`);
      // The library's own default when a Task names no timeout.
      const timeoutMs = (task.TimeoutSeconds ?? 60) * 1000;
      overrides[state] = (input) => worker(input, localLambdaContext(placeholder, timeoutMs));
    }
    // Not validated again here: tests/unit/workflow-definitions.test.ts runs the library's own
    // validator over every definition, and at each start it cost a runtime about a CPU second.
    const machine = new StateMachine(localDefinition(raw), { validationOptions: { noValidate: true } });
    machines.set(name, { machine, overrides, states: definition.States });
  }

  const started = new Set<string>();
  const running = new Set<Promise<unknown>>();

  return {
    async start(name, input, executionName) {
      const entry = machines.get(name);
      if (!entry) throw new Error(`Unknown workflow ${name}`);
      // Step Functions refuses a second execution with the same name: so does this engine.
      if (started.has(`${name}/${executionName}`)) return;
      started.add(`${name}/${executionName}`);
      const execution = entry.machine.run(input as never, {
        overrides: {
          taskResourceLocalHandlers: entry.overrides as never,
          // Read per run: the runtime sets the environment config reads after the engine is made.
          ...timeOverrides(entry.states, options.timeScale ?? config.localTimeScale),
        },
      });
      const done = execution.result
        .then(() => log('debug', 'workflow succeeded', { workflow: name, executionName }))
        .catch((error: unknown) =>
          log('error', 'workflow failed', { workflow: name, executionName, error: (error as Error).message }),
        )
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
