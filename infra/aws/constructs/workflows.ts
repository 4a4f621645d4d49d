import { readFileSync } from 'node:fs';
import { ArnFormat, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { WorkflowName } from '../../../functions/core/workflows';
import { pascalCase } from '../names';
import { paths } from '../paths';

export interface WorkflowsProps {
  workflows: readonly WorkflowName[];
  /** `${substitution}` placeholder used in the ASL files → the worker Lambda it names. */
  workers: ReadonlyMap<string, lambda.IFunction>;
}

/**
 * One Standard state machine per ASL file in infra/workflows, the same files the embedded
 * engine runs. The definition is inlined in the template (not an S3 asset) so `cdk diff`
 * shows workflow changes; CloudFormation replaces the `${...}` placeholders with the worker
 * ARNs through DefinitionSubstitutions. Standard, not Express: the publish flow waits
 * minutes for platform containers, and executions are idempotent by name.
 * Every execution is traced (X-Ray, through to the worker Lambdas) and logged: the state
 * transitions go to a log group, without the states' input and output, which carry user
 * content (the execution history still shows them to operators for 90 days).
 */
export class Workflows extends Construct {
  readonly stateMachines = new Map<WorkflowName, sfn.StateMachine>();

  constructor(scope: Construct, id: string, props: WorkflowsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    for (const name of props.workflows) {
      const file = paths.workflowAsl(name);
      const asl = readFileSync(file, 'utf8');
      JSON.parse(asl); // A broken file fails the synth, not the deployment.

      const substitutions: Record<string, string> = {};
      const invoked: lambda.IFunction[] = [];
      for (const placeholder of placeholdersIn(asl)) {
        const worker = props.workers.get(placeholder);
        // Fail at synth: CloudFormation would only reject the unresolved ARN mid-deployment.
        if (!worker) throw new Error(`${file} uses \${${placeholder}} but no worker in WORKERS has that substitution`);
        substitutions[placeholder] = worker.functionArn;
        invoked.push(worker);
      }

      // The /aws/vendedlogs/ prefix keeps CloudWatch's resource policy for Step Functions
      // deliveries from growing with every new log group.
      const logGroup = new logs.LogGroup(this, `${pascalCase(name)}Logs`, {
        logGroupName: `/aws/vendedlogs/states/${stack.stackName}-${name}`,
        retention: logs.RetentionDays.ONE_MONTH,
      });
      const machine = new sfn.StateMachine(this, pascalCase(name), {
        stateMachineName: stateMachineName(stack, name),
        definitionBody: sfn.DefinitionBody.fromString(asl),
        definitionSubstitutions: substitutions,
        stateMachineType: sfn.StateMachineType.STANDARD,
        tracingEnabled: true,
        logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
      });
      // Only the workers this workflow names, and only their unqualified ARN (grantInvoke
      // would add every version and alias): one state machine cannot call another's tasks.
      for (const worker of invoked) {
        machine.addToRolePolicy(
          new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [worker.functionArn] }),
        );
      }
      Validations.of(machine).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'Logging and tracing: the logs:*LogDelivery, DescribeLogGroups and X-Ray actions Step Functions needs have no resource-level permissions.',
      });
      this.stateMachines.set(name, machine);
    }
  }
}

/** A workflow's state machine is named after the stack, so its ARN can be known before it exists. */
const stateMachineName = (stack: Stack, name: WorkflowName) => `${stack.stackName}-${name}`.slice(0, 80);

/**
 * Each workflow's ARN built from its fixed name, not referenced: a worker that a state machine
 * invokes can still be told where a schedule should start a workflow (the token refresh arms its
 * own next run) without a circular dependency in the template.
 */
export function workflowArnsByName(scope: Construct, names: readonly WorkflowName[]): Map<WorkflowName, string> {
  const stack = Stack.of(scope);
  return new Map(
    names.map((name) => [
      name,
      stack.formatArn({
        service: 'states',
        resource: 'stateMachine',
        resourceName: stateMachineName(stack, name),
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    ]),
  );
}

function placeholdersIn(asl: string): string[] {
  return [...new Set([...asl.matchAll(/\$\{([A-Za-z0-9_]+)\}/g)].flatMap((m) => (m[1] ? [m[1]] : [])))];
}
