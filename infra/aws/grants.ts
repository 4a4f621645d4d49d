import { ArnFormat, CfnResource, Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { IConstruct } from 'constructs';
import { workflowArnEnv, type WorkflowName } from '../../functions/core/workflows';
import type { Grants, MediaGrant, SealedName, SecretName } from '../../functions/core/grants';
import { tableSchema } from '../../functions/core/table/schema';
import type { PostScheduler } from './constructs/post-scheduler';

/** The stack's resources a declaration in functions/core/grants.ts can name. */
export interface GrantableResources {
  table: dynamodb.ITable;
  media: s3.IBucket;
  /** Empty for workers: the state machines reference the workers, not the other way round. */
  workflows: ReadonlyMap<WorkflowName, sfn.IStateMachine>;
  /** Every workflow's ARN built from its name (no reference), for schedule targets: workers too. */
  workflowArns: ReadonlyMap<WorkflowName, string>;
  schedules?: PostScheduler;
  mailFrom: string;
  secrets: Record<SecretName, secretsmanager.ISecret>;
  tokenKey: kms.IKey;
}

/**
 * The encryption context that tells each sealed kind of ciphertext apart, as a KMS condition:
 * KMS opens a ciphertext only under the context it was sealed with, so a function granted
 * webhook secrets cannot open a platform token (whose context has no `purpose`).
 */
const SEALED_CONTEXT: Record<SealedName, Record<string, unknown>> = {
  'platform-tokens': { Null: { 'kms:EncryptionContext:platform': 'false' } },
  'webhook-secrets': { StringEquals: { 'kms:EncryptionContext:purpose': 'webhook-secret' } },
  'audit-passwords': { StringEquals: { 'kms:EncryptionContext:purpose': 'audit-basic-auth' } },
};

/** The environment variable through which code finds each secret it was granted. */
export const SECRET_ENV: Record<SecretName, string> = {
  'oauth-clients': 'OAUTH_SECRET_ARN',
  openai: 'OPENAI_SECRET_ARN',
  stripe: 'STRIPE_SECRET_ARN',
};

/**
 * Grants a function exactly what its declaration names, as explicit statements (no CDK
 * `grantReadWriteData`, which adds Scan, DescribeTable and key wildcards), and gives it the
 * environment variables that locate those resources: code that was not granted a resource
 * does not even learn its ARN.
 */
export function applyGrants(fn: lambda.Function, grants: Grants, resources: GrantableResources, who: string) {
  const stack = Stack.of(fn);
  const role = fn.role;
  if (!role) throw new Error(`${who} has no role to grant to`);
  const allow = (actions: string[], resourceArns: string[], conditions?: Record<string, unknown>) =>
    fn.addToRolePolicy(new iam.PolicyStatement({ actions, resources: resourceArns, conditions }));
  // cdk-nag names a wildcard resource as it appears in the template, `<LogicalId>` for a Ref.
  const ref = (resource: IConstruct) => {
    const cfn = CfnResource.isCfnResource(resource) ? resource : (resource.node.defaultChild as CfnResource);
    return `<${stack.resolve(stack.getLogicalId(cfn)) as string}>`;
  };
  const acknowledgeWildcard = (resource: string, reason: string) =>
    Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[Resource::${resource}]`, reason });

  if (grants.table?.length) {
    const { tableArn } = resources.table;
    const indexArns = tableSchema.globalIndexes.map((index) => `${tableArn}/index/${index.name}`);
    // Only Query reads an index; every other action names the table.
    const operations = [...new Set(grants.table)].sort();
    allow(
      operations.map((op) => `dynamodb:${op}`),
      operations.includes('Query') ? [tableArn, ...indexArns] : [tableArn],
    );
  }

  // One statement set per prefix: uploads hold other actions under staging/ than under companies/.
  const mediaGrants: MediaGrant[] = [grants.media ?? []].flat();
  for (const media of mediaGrants) {
    const { read, list, write, delete: remove, tag, prefix = '' } = media;
    const objects = resources.media.arnForObjects(`${prefix}*`);
    if (read) allow(['s3:GetObject'], [objects]);
    // Reading needs it too: without ListBucket, S3 answers 403 instead of 404 for a missing object.
    if (read || list) {
      allow(
        ['s3:ListBucket'],
        [resources.media.bucketArn],
        prefix ? { StringLike: { 's3:prefix': `${prefix}*` } } : undefined,
      );
    }
    if (write) allow(['s3:PutObject'], [objects]);
    if (remove) allow(['s3:DeleteObject'], [objects]);
    if (tag) allow(['s3:PutObjectTagging'], [objects]);
    if (read || write || remove || tag) {
      acknowledgeWildcard(
        `${ref(resources.media).replace(/>$/, '.Arn>')}/${prefix}*`,
        `Object keys are chosen at run time (one per upload); the grant is limited to ${prefix ? `the ${prefix} prefix` : 'the media bucket'} and to the declared actions.`,
      );
    }
  }

  const startable = grants.workflows ?? [];
  for (const name of startable) {
    // A workflow worker cannot refer to the state machines (they refer to it): it gets the ARN
    // built from the machine's name, as a schedule's target does.
    const arn = resources.workflows.get(name)?.stateMachineArn ?? resources.workflowArns.get(name);
    if (!arn) throw new Error(`${who} declares workflow ${name}, which the stack does not deploy`);
    allow(['states:StartExecution'], [arn]);
    fn.addEnvironment(workflowArnEnv(name), arn);
  }

  if (grants.schedules) {
    const schedules = resources.schedules;
    if (!schedules) throw new Error(`${who} declares schedules, but the stack has no schedule group for it`);
    schedules.grantManageSchedules(fn);
    acknowledgeWildcard(
      `arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/${ref(schedules.group)}/*`,
      "One schedule per scheduled post, named at run time: the grant is limited to the app's schedule group.",
    );
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'scheduler:ListSchedules has no resource-level permissions (the listing is asked for the app group only).',
    });
    fn.addEnvironment('SCHEDULER_ROLE_ARN', schedules.role.roleArn);
    fn.addEnvironment('SCHEDULE_GROUP', schedules.groupName);
    // A schedule's target is a workflow: its ARN goes into the schedule (Scheduler starts it).
    for (const [name, arn] of resources.workflowArns) {
      if (!startable.includes(name)) fn.addEnvironment(workflowArnEnv(name), arn);
    }
  }

  if (grants.mail) {
    allow(
      ['ses:SendEmail'],
      // SES authorises the sending identity (the address or its domain) and, in the sandbox,
      // each recipient: identities in general, with the sender pinned by the condition.
      [
        stack.formatArn({
          service: 'ses',
          resource: 'identity',
          resourceName: '*',
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        }),
      ],
      { StringEquals: { 'ses:FromAddress': resources.mailFrom } },
    );
    acknowledgeWildcard(
      'arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*',
      'SES checks the sending identity (address or domain) and, in the sandbox, every recipient identity; the condition pins the sender to MAIL_FROM.',
    );
  }

  for (const name of new Set(grants.secrets ?? [])) {
    const secret = resources.secrets[name];
    // The exact secret, read only: no DescribeSecret, no version listing.
    allow(['secretsmanager:GetSecretValue'], [secret.secretArn]);
    fn.addEnvironment(SECRET_ENV[name], secret.secretArn);
  }

  const keyUses = [...new Set(grants.tokenKey ?? [])].sort();
  if (keyUses.length) {
    const actions = keyUses.map((use) => (use === 'encrypt' ? 'kms:Encrypt' : 'kms:Decrypt'));
    const sealed = [...new Set(grants.sealed ?? [])].sort();
    if (sealed.length) {
      for (const name of sealed) allow(actions, [resources.tokenKey.keyArn], SEALED_CONTEXT[name]);
    } else {
      allow(actions, [resources.tokenKey.keyArn]);
    }
    fn.addEnvironment('TOKEN_KEY_ID', resources.tokenKey.keyId);
  }
}
