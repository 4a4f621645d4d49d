import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { workflowArnEnv } from '../../functions/core/workflows';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/** The site audit in AWS: its looping state machine, its two workers and the seo area, each with only what it needs. */
let template: Template;
let stack: MarketingStack;

beforeAll(() => {
  ({ template, stack } = synth());
}, SYNTH_TIMEOUT);

const idOf = (kind: 'worker' | 'api', name: string) => {
  const fn = kind === 'worker' ? stack.workerFunctions.get(name) : stack.apiFunctions.get(name);
  if (!fn) throw new Error(`no ${kind} ${name}`);
  return logicalId(fn);
};

/** The actions a function may take on objects under a key prefix of the media bucket. */
const objectActions = (functionId: string, prefix: string) =>
  statementsOf(template, functionId)
    .filter((s) => JSON.stringify(s.Resource).includes(`/${prefix}*`))
    .flatMap(actionsOf);

describe('the site-audit workflow', () => {
  it('is a state machine whose Crawl task loops through a Choice until done, then Finish; failures recorded', () => {
    const machines = Object.entries(resources(template, 'AWS::StepFunctions::StateMachine')).filter(([id]) =>
      id.startsWith('WorkflowsSiteAudit'),
    );
    expect(machines).toHaveLength(1);
    const [, machine] = machines[0]!;
    const definition = JSON.parse(machine.Properties.DefinitionString as string);
    expect(definition.StartAt).toBe('Crawl');
    expect(definition.States.Crawl.Next).toBe('Done?');
    expect(definition.States['Done?'].Default).toBe('Crawl');
    expect(definition.States['Done?'].Choices[0].Next).toBe('Finish');
    expect(definition.States.Crawl.Catch[0].Next).toBe('RecordFailure');
    expect(machine.Properties.DefinitionSubstitutions).toEqual({
      AuditCrawlFunctionArn: { 'Fn::GetAtt': [idOf('worker', 'audit-crawl'), 'Arn'] },
      AuditFinishFunctionArn: { 'Fn::GetAtt': [idOf('worker', 'audit-finish'), 'Arn'] },
    });
  });

  it('passes only ids between states: the crawl cursor lives in the bucket, not in the 256 KB state', () => {
    const [, machine] = Object.entries(resources(template, 'AWS::StepFunctions::StateMachine')).find(([id]) =>
      id.startsWith('WorkflowsSiteAudit'),
    )!;
    const definition = JSON.parse(machine.Properties.DefinitionString as string);
    expect(Object.keys(definition.States.Crawl.Parameters)).toEqual(['companyId.$', 'auditId.$']);
    expect(definition.States.Crawl.ResultPath).toBe('$.batch');
  });
});

describe('the audit workers', () => {
  it('read and write the audit objects under companies/ and nothing else of the bucket', () => {
    for (const name of ['audit-crawl', 'audit-finish']) {
      const id = idOf('worker', name);
      expect(objectActions(id, 'companies/').sort(), name).toEqual(['s3:GetObject', 's3:PutObject']);
      expect(statementsOf(template, id).flatMap(actionsOf), name).not.toContain('s3:DeleteObject');
      expect(statementsOf(template, id).flatMap(actionsOf), name).not.toContain('states:StartExecution');
    }
  });

  it("seal the site's basic-auth password in the seo area and open it only in the crawl", () => {
    const seo = statementsOf(template, idOf('api', 'seo')).flatMap(actionsOf);
    expect(seo).toContain('kms:Encrypt');
    expect(seo).not.toContain('kms:Decrypt');
    const crawl = statementsOf(template, idOf('worker', 'audit-crawl')).flatMap(actionsOf);
    expect(crawl).toContain('kms:Decrypt');
    expect(crawl).not.toContain('kms:Encrypt');
    expect(statementsOf(template, idOf('worker', 'audit-finish')).flatMap(actionsOf)).not.toContain('kms:Decrypt');
  });

  it('only the finishing worker sends mail (the report is ready)', () => {
    expect(statementsOf(template, idOf('worker', 'audit-finish')).flatMap(actionsOf)).toContain('ses:SendEmail');
    expect(statementsOf(template, idOf('worker', 'audit-crawl')).flatMap(actionsOf)).not.toContain('ses:SendEmail');
  });

  it('finish each batch inside the worker timeout (the batch budget is 4 minutes of 5)', () => {
    const fn = template.toJSON().Resources[idOf('worker', 'audit-crawl')];
    expect(fn.Properties.Timeout).toBeGreaterThanOrEqual(300);
  });
});

describe('the seo area', () => {
  it('starts the site-audit workflow and the run-job one (keyword suggestions), and no other', () => {
    const id = idOf('api', 'seo');
    const starts = statementsOf(template, id).filter((s) => actionsOf(s).includes('states:StartExecution'));
    const started = starts
      .flatMap((s) => [s.Resource].flat())
      .map((r: { Ref: string }) => r.Ref.replace(/[A-F0-9]{8}$/, ''));
    expect(started.sort()).toEqual(['WorkflowsRunJob', 'WorkflowsSiteAudit']);
    const env = template.toJSON().Resources[id].Properties.Environment.Variables;
    expect(env[workflowArnEnv('site-audit')]).toEqual({ Ref: expect.stringMatching(/^WorkflowsSiteAudit/) });
    expect(env[workflowArnEnv('run-job')]).toEqual({ Ref: expect.stringMatching(/^WorkflowsRunJob/) });
  });

  it('reads the issue lists under companies/ and writes only an audit’s downloads (report files, sitemaps)', () => {
    const id = idOf('api', 'seo');
    const downloads = 'companies/*/audits/*/downloads/';
    expect(objectActions(id, downloads)).toEqual(['s3:PutObject']);
    const elsewhere = statementsOf(template, id).filter(
      (s) => JSON.stringify(s.Resource).includes('/companies/*') && !JSON.stringify(s.Resource).includes(downloads),
    );
    expect(elsewhere.flatMap(actionsOf)).toEqual(['s3:GetObject']);
    expect(statementsOf(template, id).flatMap(actionsOf)).not.toContain('s3:DeleteObject');
  });
});
