import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_READ, TABLE_WRITE, type Grants } from '../../functions/core/grants';
import { WORKFLOWS, workflowArnEnv } from '../../functions/core/workflows';
import { tableSchema } from '../../functions/core/table/schema';
import { AREA_GRANTS, WORKER_GRANTS } from '../../infra/aws/area-grants';
import { SECRET_ENV } from '../../infra/aws/grants';
import { deployedAreas, type MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, allows, appFunctions, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };

/**
 * Least privilege per area: each function's role holds exactly what its declaration in
 * functions/api/<area>/grants.ts (or WORKER_GRANTS) names. Checked on the real declarations,
 * and on a probe stack whose areas declare one grant each, so every word of the vocabulary is
 * shown to grant its resource and nothing beside it.
 */
let stack: MarketingStack;
let template: Template;

/**
 * Statements other than the ones every function has (its log group, X-Ray, the origin-verify
 * secret); IAM policy minimization may merge the secret into a statement with other secrets.
 */
const grantedStatements = (t: Template, id: string): Statement[] =>
  statementsOf(t, id).flatMap((s: Statement) => {
    const actions = actionsOf(s).filter((a) => !a.startsWith('logs:') && !a.startsWith('xray:'));
    const kept = [s.Resource].flat().filter((r) => !JSON.stringify(r).includes('OriginVerify'));
    if (!actions.length || !kept.length) return [];
    return [
      { ...s, Action: actions.length === 1 ? actions[0]! : actions, Resource: kept.length === 1 ? kept[0] : kept },
    ];
  });

const actionsGranted = (t: Template, id: string) => grantedStatements(t, id).flatMap(actionsOf).sort();
const envOf = (t: Template, id: string) =>
  t.toJSON().Resources[id].Properties.Environment.Variables as Record<string, unknown>;
const refPrefix = (t: Template, prefix: string) =>
  Object.keys(t.toJSON().Resources).find((id) => id.startsWith(prefix))!;

beforeAll(() => {
  ({ stack, template } = synth());
}, SYNTH_TIMEOUT);

/** A workflow's ARN as schedules name it: built from the state machine's fixed name, not a reference. */
const runJobArnByName = {
  'Fn::Join': [
    '',
    [
      'arn:',
      { Ref: 'AWS::Partition' },
      ':states:',
      { Ref: 'AWS::Region' },
      ':',
      { Ref: 'AWS::AccountId' },
      expect.stringMatching(/^:stateMachine:.+-run-job$/),
    ],
  ],
};

describe('the areas and workers as declared', () => {
  it('never allow Scan, table-wide wildcards or DescribeTable', () => {
    for (const id of Object.keys(resources(template, 'AWS::Lambda::Function'))) {
      const actions = statementsOf(template, id).flatMap(actionsOf);
      expect(
        actions.filter((a) => a.startsWith('dynamodb:') && /Scan|\*|Describe/.test(a)),
        id,
      ).toEqual([]);
    }
  });

  it('grant each function exactly the DynamoDB actions its declaration names, on the table (and indexes only for Query)', () => {
    const table = refPrefix(template, 'DataTable');
    const declared: [string, Grants][] = [
      ...Object.entries(AREA_GRANTS).map(
        ([area, g]) => [logicalId(stack.apiFunctions.get(area)!), g] as [string, Grants],
      ),
      ...Object.entries(WORKER_GRANTS).map(
        ([w, g]) => [logicalId(stack.workerFunctions.get(w)!), g] as [string, Grants],
      ),
    ];
    for (const [id, grants] of declared) {
      const dynamo = grantedStatements(template, id).filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')));
      expect(dynamo.flatMap(actionsOf).sort(), id).toEqual((grants.table ?? []).map((op) => `dynamodb:${op}`).sort());
      for (const statement of dynamo) {
        const resourcesJson = JSON.stringify(statement.Resource);
        expect(resourcesJson, id).toContain(`"${table}"`);
        expect(resourcesJson.includes('/index/'), id).toBe(actionsOf(statement).includes('dynamodb:Query'));
      }
    }
  });

  it('lrp and metadata only read single items; auth and company read and write', () => {
    expect(actionsGranted(template, logicalId(stack.apiFunctions.get('lrp')!))).toEqual(['dynamodb:GetItem']);
    expect(actionsGranted(template, logicalId(stack.apiFunctions.get('metadata')!))).toEqual(['dynamodb:GetItem']);
    expect(actionsGranted(template, logicalId(stack.workerFunctions.get('finish-job')!))).toEqual([
      'dynamodb:GetItem',
      'dynamodb:UpdateItem',
    ]);
    for (const area of ['auth', 'company']) {
      const actions = actionsGranted(template, logicalId(stack.apiFunctions.get(area)!));
      expect(actions, area).toEqual(
        expect.arrayContaining([...TABLE_READ, ...TABLE_WRITE].map((op) => `dynamodb:${op}`)),
      );
    }
  });

  it('give no area media, KMS, workflow, schedule or PassRole rights it does not declare', () => {
    for (const [area, fn] of stack.apiFunctions) {
      const actions = actionsGranted(template, logicalId(fn));
      const grants = AREA_GRANTS[area as keyof typeof AREA_GRANTS];
      if (!grants.media)
        expect(
          actions.filter((a) => a.startsWith('s3:')),
          area,
        ).toEqual([]);
      if (!grants.tokenKey)
        expect(
          actions.filter((a) => a.startsWith('kms:')),
          area,
        ).toEqual([]);
      if (!grants.workflows?.length) expect(actions, area).not.toContain('states:StartExecution');
      if (!grants.schedules)
        expect(
          actions.filter((a) => a.startsWith('scheduler:') || a === 'iam:PassRole'),
          area,
        ).toEqual([]);
      if (!grants.mail) expect(actions, area).not.toContain('ses:SendEmail');
    }
  });

  it('let only the AI job worker (and content, which generates images while the user waits) read the OpenAI key', () => {
    const secret = refPrefix(template, 'OpenAiKey');
    const readers = [logicalId(stack.workerFunctions.get('job-ai')!), logicalId(stack.apiFunctions.get('content')!)];
    for (const id of Object.keys(appFunctions(template))) {
      const reads = allows(template, id, 'secretsmanager:GetSecretValue', { Ref: secret });
      const runJob = readers.includes(id);
      expect(reads, id).toBe(runJob);
      expect(envOf(template, id).OPENAI_SECRET_ARN, id).toEqual(runJob ? { Ref: secret } : undefined);
    }
  });

  it('give ARNs only to the functions granted them', () => {
    for (const [area, fn] of stack.apiFunctions) {
      const env = envOf(template, logicalId(fn));
      const grants = AREA_GRANTS[area as keyof typeof AREA_GRANTS];
      expect('SCHEDULER_ROLE_ARN' in env, area).toBe(!!grants.schedules);
      expect('TOKEN_KEY_ID' in env, area).toBe(!!grants.tokenKey?.length);
      expect('OAUTH_SECRET_ARN' in env, area).toBe(!!grants.secrets?.includes('oauth-clients'));
      for (const workflow of WORKFLOWS) {
        // Schedules target workflows, so a scheduling area knows them all.
        const told = !!grants.workflows?.includes(workflow) || !!grants.schedules;
        expect(workflowArnEnv(workflow) in env, `${area} ${workflow}`).toBe(told);
      }
    }
  });
});

describe('each word of the vocabulary, granted to one area alone', () => {
  let probe: MarketingStack;
  let granted: Template;
  // Every other area declares nothing, so whatever its role holds beyond the basics is a leak.
  const probeGrants: Record<string, Grants> = {
    ...Object.fromEntries(deployedAreas().map((area) => [area, {}])),
    auth: { media: { read: true, write: true, prefix: 'uploads/' } },
    company: { media: { delete: true, list: true }, tokenKey: ['decrypt'] },
    metadata: { schedules: true },
    lrp: { workflows: ['run-job'], secrets: ['oauth-clients'], table: ['Query'] },
  };
  const id = (area: string) => logicalId(probe.apiFunctions.get(area)!);

  beforeAll(() => {
    ({ stack: probe, template: granted } = synth({ areaGrants: probeGrants }));
  }, SYNTH_TIMEOUT);

  it('media read/write under a prefix: GetObject and PutObject on those keys, ListBucket only for that prefix', () => {
    const media = refPrefix(granted, 'MediaBucket');
    const objects = { 'Fn::Join': ['', [{ 'Fn::GetAtt': [media, 'Arn'] }, '/uploads/*']] };
    const statements = grantedStatements(granted, id('auth'));
    expect(actionsGranted(granted, id('auth'))).toEqual(['s3:GetObject', 's3:ListBucket', 's3:PutObject']);
    expect(allows(granted, id('auth'), 's3:GetObject', objects)).toBe(true);
    expect(allows(granted, id('auth'), 's3:PutObject', objects)).toBe(true);
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: 's3:ListBucket',
        Resource: { 'Fn::GetAtt': [media, 'Arn'] },
        Condition: { StringLike: { 's3:prefix': 'uploads/*' } },
      }),
    );
  });

  it("media list and delete, KMS decrypt: ListBucket, DeleteObject on the bucket's objects, Decrypt on the token key", () => {
    expect(actionsGranted(granted, id('company'))).toEqual(['kms:Decrypt', 's3:DeleteObject', 's3:ListBucket']);
    const media = refPrefix(granted, 'MediaBucket');
    expect(allows(granted, id('company'), 's3:ListBucket', { 'Fn::GetAtt': [media, 'Arn'] })).toBe(true);
    expect(
      allows(granted, id('company'), 's3:DeleteObject', { 'Fn::Join': ['', [{ 'Fn::GetAtt': [media, 'Arn'] }, '/*']] }),
    ).toBe(true);
    expect(grantedStatements(granted, id('company'))).toContainEqual(
      expect.objectContaining({
        Action: 'kms:Decrypt',
        Resource: { 'Fn::GetAtt': [refPrefix(granted, 'TokenKey'), 'Arn'] },
      }),
    );
    expect(envOf(granted, id('company')).TOKEN_KEY_ID).toEqual({ Ref: refPrefix(granted, 'TokenKey') });
  });

  it('schedules: manage schedules in the app group only, and pass only the scheduler role, only to Scheduler', () => {
    const statements = grantedStatements(granted, id('metadata'));
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: [
          'scheduler:CreateSchedule',
          'scheduler:DeleteSchedule',
          'scheduler:GetSchedule',
          'scheduler:UpdateSchedule',
        ],
        Resource: {
          'Fn::Join': ['', expect.arrayContaining([{ Ref: expect.stringMatching(/^SchedulesGroup/) }, '/*'])],
        },
      }),
    );
    expect(statements).toContainEqual({
      Action: 'iam:PassRole',
      Effect: 'Allow',
      Resource: { 'Fn::GetAtt': [expect.stringMatching(/^SchedulesRole/), 'Arn'] },
      Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
    });
    expect(allows(granted, id('metadata'), 'scheduler:ListSchedules', '*')).toBe(true);
    expect(actionsGranted(granted, id('metadata'))).toEqual([
      'iam:PassRole',
      'scheduler:CreateSchedule',
      'scheduler:DeleteSchedule',
      'scheduler:GetSchedule',
      'scheduler:ListSchedules',
      'scheduler:UpdateSchedule',
    ]);
    expect(envOf(granted, id('metadata'))).toMatchObject({
      SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [expect.stringMatching(/^SchedulesRole/), 'Arn'] },
      SCHEDULE_GROUP: { Ref: expect.stringMatching(/^SchedulesGroup/) },
      [workflowArnEnv('run-job')]: runJobArnByName,
    });
  });

  it('the job workers whose kinds re-arm themselves and the sweepers arm one-time schedules: the same group and role, the workflow by its fixed name', () => {
    const [machineId, machine] = Object.entries(resources(template, 'AWS::StepFunctions::StateMachine')).find(([key]) =>
      key.startsWith('WorkflowsRunJob'),
    )!;
    expect(machineId).toBeDefined();
    expect(machine.Properties.StateMachineName).toBe(`${stack.stackName}-run-job`);
    const arming = ['job-ai', 'job-platforms', 'job-audits', 'sweep-metrics', 'sweep-feeds'];
    for (const name of arming) {
      const worker = logicalId(stack.workerFunctions.get(name)!);
      expect(actionsGranted(template, worker), name).toEqual(
        expect.arrayContaining(['iam:PassRole', 'scheduler:CreateSchedule', 'scheduler:UpdateSchedule']),
      );
      // job-audits starts one workflow itself, a scheduled site audit (audit-schedule-stack.test.ts).
      if (name !== 'job-audits') expect(actionsGranted(template, worker), name).not.toContain('states:StartExecution');
      expect(envOf(template, worker), name).toMatchObject({
        SCHEDULE_GROUP: { Ref: expect.stringMatching(/^SchedulesGroup/) },
        [workflowArnEnv('run-job')]: runJobArnByName,
      });
    }
    // Every other worker still touches no schedule.
    for (const [name, fn] of stack.workerFunctions) {
      if (arming.includes(name)) continue;
      expect(
        actionsGranted(template, logicalId(fn)).filter((a) => a.startsWith('scheduler:') || a === 'iam:PassRole'),
        name,
      ).toEqual([]);
    }
  });

  it('workflows, secrets and a single table operation: exactly those resources', () => {
    const statements = grantedStatements(granted, id('lrp'));
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: 'states:StartExecution',
        Resource: { Ref: expect.stringMatching(/^WorkflowsRunJob/) },
      }),
    );
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: 'secretsmanager:GetSecretValue',
        Resource: { Ref: refPrefix(granted, 'OAuthClients') },
      }),
    );
    const table = refPrefix(granted, 'DataTable');
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: 'dynamodb:Query',
        Resource: [
          { 'Fn::GetAtt': [table, 'Arn'] },
          ...tableSchema.globalIndexes.map((index) => ({
            'Fn::Join': ['', [{ 'Fn::GetAtt': [table, 'Arn'] }, `/index/${index.name}`]],
          })),
        ],
      }),
    );
    expect(actionsGranted(granted, id('lrp'))).toEqual([
      'dynamodb:Query',
      'secretsmanager:GetSecretValue',
      'states:StartExecution',
    ]);
    expect(envOf(granted, id('lrp'))).toMatchObject({
      [SECRET_ENV['oauth-clients']]: { Ref: refPrefix(granted, 'OAuthClients') },
    });
  });

  it('an area without a grant cannot touch what another area was granted', () => {
    const owners: Record<string, string[]> = {
      's3:': ['auth', 'company'],
      'kms:': ['company'],
      'scheduler:': ['metadata'],
      'iam:PassRole': ['metadata'],
      'states:StartExecution': ['lrp'],
      'secretsmanager:': ['lrp'],
      'dynamodb:': ['lrp'],
    };
    for (const [area] of probe.apiFunctions) {
      const actions = actionsGranted(granted, id(area));
      for (const [prefix, allowed] of Object.entries(owners)) {
        if (!allowed.includes(area))
          expect(
            actions.filter((a) => a.startsWith(prefix)),
            `${area} ${prefix}`,
          ).toEqual([]);
      }
    }
  });

  it('refuses to synthesize a grant the stack cannot honour', () => {
    expect(() => synth({ areaGrants: { ...AREA_GRANTS, auth: undefined } })).toThrow(/Area auth has no grants/);
  });
});
