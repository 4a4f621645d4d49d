/**
 * State transitions per execution, read from the ASL files the stack deploys: a walk from
 * StartAt that follows each state's Next and evaluates each Choice's rules on the values a
 * scenario gives, so a renamed state, a changed choice or a new step changes the model's count
 * (or fails it) instead of leaving a stale constant.
 */
import { readFileSync } from 'node:fs';
import type { WorkflowName } from '../../functions/core/workflows';
import { paths } from '../aws/paths';

interface ChoiceRule {
  Variable: string;
  StringEquals?: string;
  BooleanEquals?: boolean;
  IsPresent?: boolean;
  Next: string;
}

interface AslState {
  Type: string;
  Next?: string;
  End?: boolean;
  Choices?: ChoiceRule[];
  Default?: string;
}

export interface AslDefinition {
  StartAt: string;
  States: Record<string, AslState>;
}

export const readWorkflow = (name: WorkflowName): AslDefinition =>
  JSON.parse(readFileSync(paths.workflowAsl(name), 'utf8')) as AslDefinition;

/** What a Choice sees at one visit: JSONPath variable → value (absent means not present). */
export type ChoiceInput = Record<string, string | boolean>;

function choose(state: AslState, input: ChoiceInput, name: string): string {
  for (const rule of state.Choices ?? []) {
    const value = input[rule.Variable];
    if (rule.StringEquals !== undefined && value === rule.StringEquals) return rule.Next;
    if (rule.BooleanEquals !== undefined && value === rule.BooleanEquals) return rule.Next;
    if (rule.IsPresent !== undefined && (value !== undefined) === rule.IsPresent) return rule.Next;
  }
  if (!state.Default) throw new Error(`Choice ${name} matches nothing for ${JSON.stringify(input)} and has no Default`);
  return state.Default;
}

/**
 * The states one execution enters, in order: `choices` gives what each Choice visit sees, in
 * the order they come (a loop's Choice takes one entry per pass).
 */
export function statesEntered(definition: AslDefinition, choices: ChoiceInput[] = []): string[] {
  const entered: string[] = [];
  const queue = [...choices];
  let name: string | undefined = definition.StartAt;
  while (name) {
    const state: AslState | undefined = definition.States[name];
    if (!state) throw new Error(`The workflow names a state ${name} it does not define`);
    entered.push(name);
    if (entered.length > 10_000) throw new Error('The walk does not end: a loop with no exit in its choices');
    if (state.Type === 'Choice') {
      const input = queue.shift();
      if (!input) throw new Error(`Choice ${name} visited with no input left in the scenario`);
      name = choose(state, input, name);
    } else if (state.Type === 'Succeed' || state.Type === 'Fail' || state.End) {
      name = undefined;
    } else {
      name = state.Next;
    }
  }
  if (queue.length) throw new Error(`The scenario gave ${queue.length} choice input(s) the walk never used`);
  return entered;
}

/** The scenarios the model prices, each a walk through its workflow's file. */
export const SCENARIOS = {
  /** A post with nothing to prepare (text, or a link): Start creates it at once. */
  publishDirect: { workflow: 'publish-post', choices: [{ '$.run.next': 'done' }] },
  /** A post with a container to prepare and poll once (Instagram, Threads media). */
  publishContainer: {
    workflow: 'publish-post',
    choices: [
      { '$.run.next': 'advance' },
      { '$.run.next': 'wait' },
      { '$.run.next': 'send' },
      { '$.run.next': 'done' },
    ],
  },
  /** A long-running job that succeeds: the daily report collection, routed to its worker. */
  job: { workflow: 'run-job', choices: [{ '$.kind': 'metrics-collect' }] },
} as const satisfies Record<string, { workflow: WorkflowName; choices: ChoiceInput[] }>;

/** A site audit of `batches` crawl batches, none waiting for another audit of the same host. */
export const auditScenario = (batches: number): { workflow: WorkflowName; choices: ChoiceInput[] } => ({
  workflow: 'site-audit',
  choices: Array.from({ length: batches }, (_, i) => ({ '$.batch.done': i === batches - 1 })),
});

export function transitions(scenario: { workflow: WorkflowName; choices: readonly ChoiceInput[] }): number {
  return statesEntered(readWorkflow(scenario.workflow), [...scenario.choices]).length;
}
