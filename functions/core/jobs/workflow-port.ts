import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { config } from '../config';
import { workflowArnEnv, type WorkflowName } from '../workflows';

export interface WorkflowStarter {
  /** `executionName` makes a duplicate start a no-op (Step Functions refuses a reused name). */
  start(name: WorkflowName, input: unknown, executionName: string): Promise<void>;
}

let sfn: SFNClient | undefined;

export const stepFunctions: WorkflowStarter = {
  async start(name, input, executionName) {
    sfn ??= new SFNClient({ region: config.region });
    const stateMachineArn = config.stateMachineArn(workflowArnEnv(name));
    if (!stateMachineArn) throw new Error(`No state machine configured for ${name}`);
    try {
      await sfn.send(new StartExecutionCommand({ stateMachineArn, name: executionName, input: JSON.stringify(input) }));
    } catch (error) {
      if ((error as Error).name === 'ExecutionAlreadyExists') return;
      throw error;
    }
  },
};

let localEngine: WorkflowStarter | undefined;

/** The embedded runtime plugs its in-process engine in here at start-up. */
export function useLocalWorkflowEngine(engine: WorkflowStarter | undefined) {
  localEngine = engine;
}

export function workflows(): WorkflowStarter {
  if (config.runtime !== 'local') return stepFunctions;
  if (!localEngine) throw new Error('The embedded workflow engine is not running');
  return localEngine;
}
