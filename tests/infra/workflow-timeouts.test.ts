import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { resources, synth, SYNTH_TIMEOUT } from './synth';

type State = {
  Type: string;
  Resource?: string;
  TimeoutSeconds?: number;
  Iterator?: { States: Record<string, State> };
  ItemProcessor?: { States: Record<string, State> };
  Branches?: { States: Record<string, State> }[];
};

/** Every state, those nested in Map and Parallel states included (the local engine runs them too). */
const allStates = (states: Record<string, State>): [string, State][] =>
  Object.entries(states).flatMap(([name, state]) => [
    [name, state] as [string, State],
    ...[state.Iterator, state.ItemProcessor, ...(state.Branches ?? [])].flatMap((child) =>
      child ? allStates(child.States) : [],
    ),
  ]);

const workflowDir = new URL('../../infra/workflows/', import.meta.url);
const workflows = readdirSync(workflowDir).filter((f) => f.endsWith('.asl.json'));

let template: Template;
beforeAll(() => {
  template = synth().template;
}, SYNTH_TIMEOUT);

/** The Lambda a `${...FunctionArn}` placeholder is bound to, through the state machine's substitutions. */
function functionTimeout(placeholder: string): number {
  for (const machine of Object.values(resources(template, 'AWS::StepFunctions::StateMachine'))) {
    const substitutions = (machine.Properties.DefinitionSubstitutions ?? {}) as Record<string, unknown>;
    const bound = substitutions[placeholder] as { 'Fn::GetAtt'?: [string, string] } | undefined;
    const id = bound?.['Fn::GetAtt']?.[0];
    if (id) return template.toJSON().Resources[id].Properties.Timeout as number;
  }
  throw new Error(`no state machine binds ${placeholder}`);
}

describe('the workflows’ Task states', () => {
  it.each(workflows)('%s: each Task’s TimeoutSeconds is its Lambda’s timeout', (file) => {
    const definition = JSON.parse(readFileSync(new URL(file, workflowDir), 'utf8')) as {
      States: Record<string, State>;
    };
    const tasks = allStates(definition.States).filter(([, state]) => state.Type === 'Task');
    expect(tasks.length).toBeGreaterThan(0);
    for (const [name, state] of tasks) {
      // Without it Step Functions waits 99999999 s, and the local engine stops the Task at 60 s.
      expect(state.TimeoutSeconds, `${file} ${name}`).toBeGreaterThan(0);
      const placeholder = /^\$\{(\w+)\}$/.exec(state.Resource ?? '')?.[1] ?? '';
      // Equal: a Task Step Functions gave up on is a Lambda that has stopped, so no retry runs beside it.
      expect(state.TimeoutSeconds, `${file} ${name}`).toBe(functionTimeout(placeholder));
    }
  });
});
