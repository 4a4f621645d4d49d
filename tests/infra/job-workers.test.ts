import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import type { Grants } from '../../functions/core/grants';
import { JOB_GROUPS, jobWorkerGrants } from '../../functions/workers/jobs/job-kinds';
import { JOB_WORKERS, type JobWorkerName } from '../../functions/workers/workers';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/**
 * The job workers in AWS: each Lambda may touch what its kinds declare and nothing else, so a
 * webhook delivery cannot open a platform token or delete a file, and only the worker whose
 * kinds call the model reads the OpenAI key. The run-job state machine invokes them all.
 */
let template: Template;
let stack: MarketingStack;

beforeAll(() => {
  ({ template, stack } = synth());
}, SYNTH_TIMEOUT);

type Statement = { Action: string | string[]; Resource: unknown; Condition?: Record<string, unknown> };

const idOf = (worker: string) => logicalId(stack.workerFunctions.get(worker)!);
const statements = (worker: string): Statement[] => statementsOf(template, idOf(worker));
/** The worker's own actions: tracing and logging are every function's. */
const actions = (worker: string) =>
  [...new Set(statements(worker).flatMap(actionsOf))]
    .filter((a) => !a.startsWith('xray:') && !a.startsWith('logs:'))
    .sort();
const resourceId = (type: string, prefix: string) =>
  Object.keys(resources(template, type)).find((id) => id.startsWith(prefix))!;
const mentions = (s: Statement, id: string) => JSON.stringify(s.Resource).includes(id);

/** The IAM actions a declaration means, written out here rather than taken from infra/aws/grants.ts. */
function actionsMeant(grants: Grants): string[] {
  const media = [grants.media ?? []].flat();
  const out = [
    ...(grants.table ?? []).map((op) => `dynamodb:${op}`),
    ...(media.some((m) => m.read || m.list) ? ['s3:ListBucket'] : []),
    ...(media.some((m) => m.read) ? ['s3:GetObject'] : []),
    ...(media.some((m) => m.write) ? ['s3:PutObject'] : []),
    ...(media.some((m) => m.delete) ? ['s3:DeleteObject'] : []),
    ...(media.some((m) => m.tag) ? ['s3:PutObjectTagging'] : []),
    ...(grants.workflows?.length ? ['states:StartExecution'] : []),
    ...(grants.secrets?.length ? ['secretsmanager:GetSecretValue'] : []),
    ...(grants.mail ? ['ses:SendEmail'] : []),
    ...(grants.tokenKey ?? []).map((use) => (use === 'encrypt' ? 'kms:Encrypt' : 'kms:Decrypt')),
    ...(grants.schedules
      ? [
          'iam:PassRole',
          'scheduler:CreateSchedule',
          'scheduler:DeleteSchedule',
          'scheduler:GetSchedule',
          'scheduler:ListSchedules',
          'scheduler:UpdateSchedule',
        ]
      : []),
  ];
  return [...new Set(out)].sort();
}

/** What any of a worker's kinds declares of one kind of grant. */
const declared = <K extends keyof Grants>(worker: JobWorkerName, field: K) =>
  JOB_GROUPS[worker].flatMap((kind) => [kind.grants[field] ?? []].flat());

describe('the job workers in AWS', () => {
  it('deploys one Lambda per job worker, each invoked by the run-job state machine', () => {
    const machineId = resourceId('AWS::StepFunctions::StateMachine', 'WorkflowsRunJob');
    const machine = resources(template, 'AWS::StepFunctions::StateMachine')[machineId]!;
    const substitutions = machine.Properties.DefinitionSubstitutions as Record<string, unknown>;
    for (const worker of JOB_WORKERS) {
      expect(substitutions[worker.substitution], worker.name).toEqual({ 'Fn::GetAtt': [idOf(worker.name), 'Arn'] });
    }
  });

  it("gives each job worker exactly its kinds' grants: every action a kind declares, and none that none declares", () => {
    for (const worker of JOB_WORKERS) {
      const kinds = JOB_GROUPS[worker.name];
      expect(actions(worker.name), worker.name).toEqual(actionsMeant(jobWorkerGrants(worker.name)));
      for (const kind of kinds) {
        expect(actions(worker.name), `${worker.name} runs ${kind.name}`).toEqual(
          expect.arrayContaining(actionsMeant(kind.grants)),
        );
      }
    }
  });

  it('reads only the secrets its kinds name, and only the model worker reads the OpenAI key', () => {
    const secretIds = Object.keys(resources(template, 'AWS::SecretsManager::Secret'));
    for (const worker of JOB_WORKERS) {
      const read = secretIds.filter((id) =>
        statements(worker.name).some((s) => actionsOf(s).includes('secretsmanager:GetSecretValue') && mentions(s, id)),
      );
      const names = declared(worker.name, 'secrets');
      expect(read.length, worker.name).toBe(new Set(names).size);
      const openAi = resourceId('AWS::SecretsManager::Secret', 'OpenAiKey');
      expect(read.includes(openAi), worker.name).toBe(worker.name === 'job-ai');
    }
  });

  it('the delivery worker cannot open a platform token, touch a file, read a secret or arm a schedule', () => {
    const tokenKey = resourceId('AWS::KMS::Key', 'TokenKey');
    const kms = statements('job-deliveries').filter((s) => actionsOf(s).some((a) => a.startsWith('kms:')));
    // It opens webhook signing secrets: the token key, but only for ciphertexts sealed as one.
    expect(kms).toEqual([
      expect.objectContaining({
        Action: 'kms:Decrypt',
        Condition: { StringEquals: { 'kms:EncryptionContext:purpose': 'webhook-secret' } },
      }),
    ]);
    expect(mentions(kms[0]!, tokenKey)).toBe(true);
    const all = actions('job-deliveries');
    expect(all).not.toContain('kms:Encrypt');
    for (const prefix of ['s3:', 'secretsmanager:', 'scheduler:', 'states:', 'ses:', 'iam:'])
      expect(
        all.filter((a) => a.startsWith(prefix)),
        prefix,
      ).toEqual([]);
    expect(all).not.toContain('s3:DeleteObject');
  });

  it('opens platform tokens only in the platforms worker, and nowhere without naming what it opens', () => {
    for (const worker of JOB_WORKERS) {
      const kms = statements(worker.name).filter((s) => actionsOf(s).some((a) => a.startsWith('kms:')));
      for (const s of kms) expect(s.Condition, `${worker.name}: the whole token key`).toBeDefined();
      const opensTokens = kms.some((s) => JSON.stringify(s.Condition).includes('kms:EncryptionContext:platform'));
      expect(opensTokens, worker.name).toBe(worker.name === 'job-platforms');
    }
  });

  it('lets only the imports worker delete files, and only under companies/', () => {
    for (const worker of JOB_WORKERS) {
      const deletes = statements(worker.name).filter((s) => actionsOf(s).includes('s3:DeleteObject'));
      expect(deletes.length > 0, worker.name).toBe(worker.name === 'job-imports');
      for (const s of deletes) expect(JSON.stringify(s.Resource)).toContain('/companies/*');
    }
  });

  it('lets only the audits worker start a workflow: site-audit', () => {
    for (const worker of JOB_WORKERS) {
      const starts = statements(worker.name).filter((s) => actionsOf(s).includes('states:StartExecution'));
      expect(starts.length > 0, worker.name).toBe(worker.name === 'job-audits');
      for (const s of starts) expect(JSON.stringify(s.Resource)).toMatch(/stateMachine:.*-site-audit/);
    }
  });

  it('gives the environment only for what a worker was granted', () => {
    for (const worker of JOB_WORKERS) {
      const env = template.toJSON().Resources[idOf(worker.name)].Properties.Environment.Variables as Record<
        string,
        unknown
      >;
      expect('TOKEN_KEY_ID' in env, worker.name).toBe(declared(worker.name, 'tokenKey').length > 0);
      expect('OPENAI_SECRET_ARN' in env, worker.name).toBe(worker.name === 'job-ai');
      expect('SCHEDULE_GROUP' in env, worker.name).toBe(JOB_GROUPS[worker.name].some((k) => k.grants.schedules));
    }
  });
});
