import { readFileSync } from 'node:fs';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { grants as companyGrants } from '../../functions/api/company/grants';
import { grants as planGrants } from '../../functions/api/plan/grants';
import { JOB_KINDS } from '../../functions/workers/jobs/job-kinds';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/**
 * What the onboarding needs in AWS: the plan area's function behind /api/plan with only its
 * reads, writes and the job workflow; the company area may start jobs; the run-job worker runs
 * the three onboarding job kinds with the OpenAI key and outbound internet (no VPC) for websites.
 */
let stack: MarketingStack;
let template: Template;

const grantedActions = (id: string) =>
  statementsOf(template, id)
    .filter((s: { Resource: unknown }) => !JSON.stringify(s.Resource).includes('OriginVerify'))
    .flatMap(actionsOf)
    .filter((a: string) => !a.startsWith('logs:') && !a.startsWith('xray:'))
    .sort();

beforeAll(() => {
  ({ stack, template } = synth());
}, SYNTH_TIMEOUT);

describe('onboarding in the AWS stack', () => {
  it('the worker runs the overview, ideal customers and plan job kinds', () => {
    expect(JOB_KINDS.map((k) => k.name)).toEqual(
      expect.arrayContaining(['company-overview', 'ideal-customers', 'marketing-plan']),
    );
  });

  it('routes /api/plan to the plan function', () => {
    const planId = logicalId(stack.apiFunctions.get('plan')!);
    const integrations = resources(template, 'AWS::ApiGatewayV2::Integration');
    const routes = Object.values(resources(template, 'AWS::ApiGatewayV2::Route'));
    for (const key of ['ANY /api/plan', 'ANY /api/plan/{proxy+}']) {
      const route = routes.find((r) => r.Properties.RouteKey === key);
      expect(route, key).toBeDefined();
      const integration = route!.Properties.Target['Fn::Join'][1][1].Ref as string;
      expect(integrations[integration]!.Properties.IntegrationUri['Fn::GetAtt'][0]).toBe(planId);
    }
  });

  it('gives the plan area GetItem, PutItem and StartExecution on run-job, nothing else', () => {
    expect(planGrants).toEqual({ table: ['GetItem', 'PutItem'], workflows: ['run-job'] });
    const id = logicalId(stack.apiFunctions.get('plan')!);
    expect(grantedActions(id)).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'states:StartExecution']);
    const start = statementsOf(template, id).find((s: { Action: string | string[] }) =>
      actionsOf(s).includes('states:StartExecution'),
    );
    expect(start.Resource).toEqual({ Ref: expect.stringMatching(/^WorkflowsRunJob/) });
  });

  it('lets the company area start the overview and ideal customer jobs', () => {
    expect(companyGrants.workflows).toEqual(['run-job']);
    expect(grantedActions(logicalId(stack.apiFunctions.get('company')!))).toContain('states:StartExecution');
  });

  it('runs the jobs where the website and OpenAI are reachable, with the key and the table', () => {
    const id = logicalId(stack.workerFunctions.get('job-ai')!);
    const fn = template.toJSON().Resources[id].Properties;
    expect(fn.VpcConfig).toBeUndefined();
    expect(fn.Timeout).toBeGreaterThanOrEqual(60);
    const actions = grantedActions(id);
    expect(actions).toEqual(
      expect.arrayContaining([
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:Query',
        'secretsmanager:GetSecretValue',
      ]),
    );
    // s3: calendar generation's Instagram images (tests/infra/calendar-stack.test.ts checks their prefix).
    // It starts no workflow: only the audits job worker does (tests/infra/job-workers.test.ts).
    expect(actions.filter((a: string) => a.startsWith('states:'))).toEqual([]);
  });

  it('deploys the run-job ASL whose Retry the browser test relies on: TransientError, 3 attempts', () => {
    const asl = JSON.parse(readFileSync(new URL('../../infra/workflows/run-job.asl.json', import.meta.url), 'utf8'));
    expect(asl.States.RunAi.Retry[0]).toMatchObject({ ErrorEquals: ['TransientError'], MaxAttempts: 3 });
    const machines = Object.values(resources(template, 'AWS::StepFunctions::StateMachine'));
    expect(
      machines.some((m) =>
        JSON.stringify(m.Properties.DefinitionString ?? m.Properties.Definition).includes('TransientError'),
      ),
    ).toBe(true);
  });
});
