import { readdirSync, readFileSync } from 'node:fs';
import { StateMachine } from 'aws-local-stepfunctions';
import { describe, expect, it } from 'vitest';
import { localDefinition } from '../../infra/local/workflow-engine';

/**
 * Every workflow CDK deploys, through the local engine's own validator (asl-validator: the ASL
 * schema, JSONPaths and ARNs), as the engine binds it. The embedded runtime skips this check at
 * its start, so this is where a broken definition is caught before a deploy would refuse it.
 */
const workflowDir = new URL('../../infra/workflows/', import.meta.url);
const workflows = readdirSync(workflowDir).filter((file) => file.endsWith('.asl.json'));
const read = (file: string) => readFileSync(new URL(file, workflowDir), 'utf8');

describe('the workflow definitions', () => {
  it('are found', () => {
    expect(workflows).toEqual(expect.arrayContaining(['publish-post.asl.json', 'run-job.asl.json']));
  });

  it.each(workflows)('%s is valid ASL', (file) => {
    expect(() => new StateMachine(localDefinition(read(file)))).not.toThrow();
  });

  it('a definition whose state goes nowhere is refused', () => {
    const definition = JSON.parse(read(workflows[0] ?? '')) as { StartAt: string };
    const broken = JSON.stringify({ ...definition, StartAt: 'NoSuchState' });
    expect(() => new StateMachine(localDefinition(broken))).toThrow();
  });
});
