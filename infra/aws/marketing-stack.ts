import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { AREAS } from '../../functions/api/areas';
import { WORKFLOWS, workflowArnEnv } from '../../functions/core/jobs/workflows';
import { PROVIDERS } from '../../functions/core/oauth/providers';
import { WORKERS } from '../../functions/workers/workers';
import { AppFunction } from './constructs/app-function';
import { AppTable } from './constructs/app-table';
import { HttpApi } from './constructs/http-api';
import { MediaBucket } from './constructs/media-bucket';
import { PostScheduler } from './constructs/post-scheduler';
import { WebDistribution } from './constructs/web-distribution';
import { Workflows } from './constructs/workflows';
import { pascalCase } from './names';
import { paths } from './paths';
import type { Settings } from './settings';

export interface MarketingStackProps extends StackProps {
  settings: Settings;
  /** Directory of the SPA build; deployed only if it holds an index.html. */
  webDist?: string;
}

/** The areas that exist in AWS: `localOnly` ones (dev tools) are never deployed. */
export const deployedAreas = () => AREAS.filter((area) => !area.localOnly).map((area) => area.name);

/**
 * The whole product in one stack: its parts reference each other (functions, workflows,
 * schedules, the distribution) and deploy as a unit. Account and region come from the CLI at deploy
 * time (env-agnostic), so synth needs no credentials and no lookups.
 */
export class MarketingStack extends Stack {
  readonly apiFunctions = new Map<string, AppFunction>();
  readonly workerFunctions = new Map<string, AppFunction>();

  constructor(scope: Construct, id: string, props: MarketingStackProps) {
    super(scope, id, props);
    const { settings } = props;

    const table = new AppTable(this, 'Data').table;
    const http = new HttpApi(this, 'Http');
    // Shared by CloudFront (adds it to /api requests) and the API (refuses requests without it).
    const originVerify = new secretsmanager.Secret(this, 'OriginVerify', {
      description: 'Header value proving an /api request came through CloudFront',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });
    const originVerifyValue = originVerify.secretValue.unsafeUnwrap();
    const web = new WebDistribution(this, 'Web', {
      apiDomainName: http.domainName,
      webDist: props.webDist ?? paths.webDist,
      originVerifyValue,
    });
    // Without an explicit origin (custom domain), the app lives at the distribution's own
    // domain; a token that CloudFormation resolves at deploy time. Functions therefore depend
    // on the distribution, which only depends on the API itself, not on its routes: no cycle.
    const appOrigin = settings.appOrigin ?? `https://${web.distribution.distributionDomainName}`;
    const media = new MediaBucket(this, 'Media', { appOrigin }).bucket;

    // Platform access tokens are encrypted with this key before they reach the table.
    // Retained like the table: deleting it would make every stored token unreadable.
    const tokenKey = new kms.Key(this, 'TokenKey', {
      description: 'Encrypts platform (social, Google) access tokens at rest',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Social sign-in credentials, in the shape functions/core/oauth/providers reads:
    // { google: { clientId, clientSecret }, facebook: {...} }. An operator fills them in after
    // the first deploy; a provider with empty values reads as not configured.
    const oauthClients = new secretsmanager.Secret(this, 'OAuthClients', {
      description: 'OAuth client ids and secrets for social sign-in (fill in after deploy)',
      generateSecretString: {
        secretStringTemplate: JSON.stringify(
          Object.fromEntries(PROVIDERS.map((provider) => [provider, { clientId: '', clientSecret: '' }])),
        ),
        // CloudFormation must generate one key; nothing reads it. Generation (rather than a
        // value in the template) keeps the template free of anything that looks like a secret.
        generateStringKey: 'generated',
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // What every handler reads through functions/core/config.
    const common: Record<string, string> = {
      TABLE_NAME: table.tableName,
      MEDIA_BUCKET: media.bucketName,
      APP_ORIGIN: appOrigin,
      FEATURE_FLAGS: JSON.stringify(settings.featureFlags),
      MAIL_FROM: settings.mailFrom,
      TOKEN_KEY_ID: tokenKey.keyId,
    };
    const grantCommon = (fn: lambda.IFunction) => {
      table.grantReadWriteData(fn);
      // Media workers (thumbnails) need the bucket as much as the upload API does.
      media.grantReadWrite(fn);
      tokenKey.grantEncryptDecrypt(fn);
    };

    // Workers get no workflow ARNs: the state machines reference the workers' ARNs, so the
    // reverse reference would be a circular dependency.
    const workersScope = new Construct(this, 'Workers');
    const bySubstitution = new Map<string, lambda.IFunction>();
    for (const worker of WORKERS) {
      const fn = new AppFunction(workersScope, pascalCase(worker.name), {
        kind: 'worker',
        entry: paths.workerEntry(worker.name),
        description: `Workflow task: ${worker.name}`,
        environment: common,
      });
      grantCommon(fn.fn);
      this.workerFunctions.set(worker.name, fn);
      bySubstitution.set(worker.substitution, fn.fn);
    }

    const workflows = new Workflows(this, 'Workflows', { workflows: WORKFLOWS, workers: bySubstitution });
    const schedules = new PostScheduler(this, 'Schedules', { stateMachines: [...workflows.stateMachines.values()] });

    const apiEnv: Record<string, string> = {
      ...common,
      ...Object.fromEntries([...workflows.stateMachines].map(([name, machine]) => [workflowArnEnv(name), machine.stateMachineArn])),
      SCHEDULER_ROLE_ARN: schedules.role.roleArn,
      SCHEDULE_GROUP: schedules.groupName,
      OAUTH_SECRET_ARN: oauthClients.secretArn,
      ORIGIN_VERIFY_SECRET: originVerifyValue,
    };
    const apiScope = new Construct(this, 'Api');
    for (const area of deployedAreas()) {
      const fn = new AppFunction(apiScope, pascalCase(area), {
        kind: 'api',
        entry: paths.apiEntry(area),
        description: `HTTP API area /api/${area}`,
        environment: apiEnv,
      });
      grantCommon(fn.fn);
      for (const machine of workflows.stateMachines.values()) machine.grantStartExecution(fn.fn);
      schedules.grantManageSchedules(fn.fn);
      oauthClients.grantRead(fn.fn);
      fn.fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['ses:SendEmail'],
          // SES authorises per identity; the condition pins the sender to the configured one.
          resources: ['*'],
          conditions: { StringEquals: { 'ses:FromAddress': settings.mailFrom } },
        }),
      );
      http.addArea(area, fn.fn);
      this.apiFunctions.set(area, fn);
    }

    new CfnOutput(this, 'AppUrl', { value: `https://${web.distribution.distributionDomainName}`, description: 'The app (CloudFront)' });
    new CfnOutput(this, 'ApiUrl', { value: http.api.apiEndpoint, description: 'HTTP API (direct; the app uses /api on CloudFront)' });
    new CfnOutput(this, 'DistributionId', { value: web.distribution.distributionId });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: media.bucketName });
    new CfnOutput(this, 'WebBucketName', { value: web.bucket.bucketName });
    new CfnOutput(this, 'ScheduleGroupName', { value: schedules.groupName });
    new CfnOutput(this, 'OAuthSecretArn', { value: oauthClients.secretArn });
  }
}
