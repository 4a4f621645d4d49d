import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { AREAS } from '../../functions/api/areas';
import type { Grants } from '../../functions/core/grants';
import { WORKFLOWS } from '../../functions/core/workflows';
import { OAUTH_APPS } from '../../functions/core/oauth/providers';
import { RECURRING_WORKERS, WORKERS } from '../../functions/workers/workers';
import { areaGrants, RECURRING_GRANTS, WORKER_GRANTS } from './area-grants';
import { AccessLogsBucket } from './constructs/access-logs-bucket';
import { Alarms } from './constructs/alarms';
import { AppFunction } from './constructs/app-function';
import { AppTable } from './constructs/app-table';
import { HttpApi } from './constructs/http-api';
import { MediaBucket } from './constructs/media-bucket';
import { PostScheduler } from './constructs/post-scheduler';
import { WebDistribution } from './constructs/web-distribution';
import { workflowArnsByName, Workflows } from './constructs/workflows';
import { applyGrants, type GrantableResources } from './grants';
import { pascalCase } from './names';
import { paths } from './paths';
import type { Settings } from './settings';

export interface MarketingStackProps extends StackProps {
  settings: Settings;
  /** Directory of the SPA build; deployed only if it holds an index.html. */
  webDist?: string;
  /** Each area's grants; default: the areas' own declarations (infra/aws/area-grants.ts). */
  areaGrants?: Partial<Record<string, Grants>>;
}

/** The areas that exist in AWS: `localOnly` ones (dev tools) are never deployed. */
export const deployedAreas = () => AREAS.filter((area) => !area.localOnly).map((area) => area.name);

/**
 * The functions that call sharp (functions/core/media/load-sharp.ts) and so ship it for arm64:
 * media (thumbnails of an upload), content (AI images, imported files) and the job workers that
 * add files to the library (images of generated Instagram posts, an import's media, a demo's
 * photos). Others reach load-sharp's module but never call it.
 */
const SHARP_FUNCTIONS = { areas: ['media', 'content'], workers: ['job-ai', 'job-imports', 'job-demo'] } as const;
const sharpFor = (names: readonly string[], name: string) => (names.includes(name) ? ['sharp'] : undefined);

/**
 * The whole product in one stack: its parts reference each other (functions, workflows,
 * schedules, the distribution) and deploy as a unit. Account and region come from the CLI at deploy
 * time (env-agnostic), so synth needs no credentials and no lookups.
 */
export class MarketingStack extends Stack {
  readonly apiFunctions = new Map<string, AppFunction>();
  readonly workerFunctions = new Map<string, AppFunction>();
  readonly alarms: Alarms;

  constructor(scope: Construct, id: string, props: MarketingStackProps) {
    super(scope, id, props);
    const { settings } = props;

    const table = new AppTable(this, 'Data').table;
    const http = new HttpApi(this, 'Http');
    const accessLogs = new AccessLogsBucket(this, 'AccessLogs').bucket;
    // Shared by CloudFront (adds it to /api requests) and the API (refuses requests without it).
    // CloudFront's copy is a deploy-time dynamic reference; the functions read the secret at run
    // time (functions/core/http/middleware/origin-verify.ts), so the value is in no template and
    // no function configuration.
    const originVerify = new secretsmanager.Secret(this, 'OriginVerify', {
      description: 'Header value proving an /api request came through CloudFront',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });
    const web = new WebDistribution(this, 'Web', {
      apiDomainName: http.domainName,
      webDist: props.webDist ?? paths.webDist,
      originVerifyValue: originVerify.secretValue.unsafeUnwrap(),
      originVerifyGeneration: settings.originVerifyGeneration,
      accessLogs,
      customDomain: settings.customDomain,
    });
    // Without an explicit origin (custom domain), the app lives at the distribution's own
    // domain; a token that CloudFormation resolves at deploy time. Functions therefore depend
    // on the distribution, which only depends on the API itself, not on its routes: no cycle.
    const appOrigin = settings.appOrigin ?? `https://${web.distribution.distributionDomainName}`;
    const media = new MediaBucket(this, 'Media', { appOrigin, accessLogs }).bucket;

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
          Object.fromEntries(OAUTH_APPS.map((app) => [app, { clientId: '', clientSecret: '' }])),
        ),
        // CloudFormation must generate one key; nothing reads it. Generation (rather than a
        // value in the template) keeps the template free of anything that looks like a secret.
        generateStringKey: 'generated',
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // The OpenAI API key, read at run time by functions/core/ai. Until an operator puts the key
    // in (`{"apiKey":"sk-..."}` or the bare key), the empty apiKey reads as "no key" and the
    // offline generator answers.
    const openAiKey = new secretsmanager.Secret(this, 'OpenAiKey', {
      description: 'OpenAI API key for generation (fill in after deploy)',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ apiKey: '' }),
        generateStringKey: 'generated',
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(originVerify).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by the operator (docs/deploying.md, "Rotating secrets"): CloudFront must receive the new value ' +
        'in the same step, which a rotation Lambda cannot do through CloudFormation; the API accepts the previous value meanwhile.',
    });
    // Stripe's API key and webhook signing secret, in the shape functions/core/billing reads.
    // Until an operator fills them in, billing answers that payments are not configured.
    const stripeKeys = new secretsmanager.Secret(this, 'StripeKeys', {
      description: 'Stripe secret key and webhook signing secret (fill in after deploy)',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ secretKey: '', webhookSecret: '' }),
        generateStringKey: 'generated',
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const secret of [oauthClients, openAiKey, stripeKeys]) {
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'A credential issued by a third party (Google, Facebook, OpenAI, Stripe): only its issuer can rotate it; the operator ' +
          'pastes the new value and functions read it at run time.',
      });
    }

    // What every handler reads through functions/core/config. Resource ARNs are not here: each
    // function gets those of the resources it was granted (infra/aws/grants.ts).
    const common: Record<string, string> = {
      TABLE_NAME: table.tableName,
      MEDIA_BUCKET: media.bucketName,
      APP_ORIGIN: appOrigin,
      FEATURE_FLAGS: JSON.stringify(settings.featureFlags),
      MAIL_FROM: settings.mailFrom,
    };
    const grantable: Omit<GrantableResources, 'workflows' | 'workflowArns' | 'schedules'> = {
      table,
      media,
      mailFrom: settings.mailFrom,
      secrets: { 'oauth-clients': oauthClients, openai: openAiKey, stripe: stripeKeys },
      tokenKey,
    };

    // The schedule group and its role come before the workers: the token refresh (job-platforms) arms its own next run.
    const schedules = new PostScheduler(this, 'Schedules');
    const workflowArns = workflowArnsByName(this, WORKFLOWS);

    const workersScope = new Construct(this, 'Workers');
    const bySubstitution = new Map<string, lambda.IFunction>();
    for (const worker of WORKERS) {
      const fn = new AppFunction(workersScope, pascalCase(worker.name), {
        kind: 'worker',
        service: worker.name,
        entry: paths.workerEntry(worker.name),
        description: `Workflow task: ${worker.name}`,
        environment: common,
        timeout: Duration.seconds(worker.timeoutSeconds),
        nativeModules: sharpFor(SHARP_FUNCTIONS.workers, worker.name),
      });
      // Workers get no state machine: the state machines reference the workers' ARNs, so the
      // reverse reference would be a circular dependency. A schedule's target, or a workflow a
      // worker starts, is an ARN built from its name.
      applyGrants(
        fn.fn,
        WORKER_GRANTS[worker.name],
        { ...grantable, workflows: new Map(), workflowArns, schedules },
        `worker ${worker.name}`,
      );
      this.workerFunctions.set(worker.name, fn);
      bySubstitution.set(worker.substitution, fn.fn);
    }

    const workflows = new Workflows(this, 'Workflows', { workflows: WORKFLOWS, workers: bySubstitution });
    schedules.allowStarting(workflows.stateMachines.values());

    // Recurring workers come after the state machines: they start workflows, and no state
    // machine refers to them, so they may be given the machines' ARNs.
    for (const worker of RECURRING_WORKERS) {
      const fn = new AppFunction(workersScope, pascalCase(worker.name), {
        kind: 'worker',
        service: worker.name,
        entry: paths.workerEntry(worker.name),
        description: `Every ${worker.everyMinutes} min: ${worker.name}`,
        environment: common,
      });
      applyGrants(
        fn.fn,
        RECURRING_GRANTS[worker.name],
        { ...grantable, workflows: workflows.stateMachines, workflowArns, schedules },
        `worker ${worker.name}`,
      );
      new events.Rule(workersScope, `${pascalCase(worker.name)}Every`, {
        description: `Runs ${worker.name} every ${worker.everyMinutes} min`,
        schedule: events.Schedule.rate(Duration.minutes(worker.everyMinutes)),
        targets: [new targets.LambdaFunction(fn.fn, { retryAttempts: 0 })],
      });
      this.workerFunctions.set(worker.name, fn);
    }

    const apiScope = new Construct(this, 'Api');
    for (const area of deployedAreas()) {
      const fn = new AppFunction(apiScope, pascalCase(area), {
        kind: 'api',
        service: area,
        entry: paths.apiEntry(area),
        description: `HTTP API area /api/${area}`,
        environment: { ...common, ORIGIN_VERIFY_SECRET_ARN: originVerify.secretArn },
        nativeModules: sharpFor(SHARP_FUNCTIONS.areas, area),
      });
      // Every area checks the origin-verify header; AWSPREVIOUS too, during a rotation.
      fn.fn.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [originVerify.secretArn] }),
      );
      applyGrants(
        fn.fn,
        areaGrants(area, props.areaGrants),
        { ...grantable, workflows: workflows.stateMachines, workflowArns, schedules },
        `area ${area}`,
      );
      http.addArea(area, fn.fn);
      this.apiFunctions.set(area, fn);
    }

    this.alarms = new Alarms(this, 'Alarms', {
      api: http.api,
      areas: new Map([...this.apiFunctions].map(([area, fn]) => [area, fn.fn])),
      workers: new Map([...this.workerFunctions].map(([name, fn]) => [name, fn.fn])),
      stateMachines: workflows.stateMachines,
      email: settings.alarmEmail,
    });

    new CfnOutput(this, 'AppUrl', {
      value: `https://${web.distribution.distributionDomainName}`,
      description: 'The app (CloudFront)',
    });
    new CfnOutput(this, 'ApiUrl', {
      value: http.api.apiEndpoint,
      description: 'HTTP API (direct; the app uses /api on CloudFront)',
    });
    new CfnOutput(this, 'DistributionId', { value: web.distribution.distributionId });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: media.bucketName });
    new CfnOutput(this, 'WebBucketName', { value: web.bucket.bucketName });
    new CfnOutput(this, 'ScheduleGroupName', { value: schedules.groupName });
    new CfnOutput(this, 'OAuthSecretArn', { value: oauthClients.secretArn });
    new CfnOutput(this, 'OpenAiSecretArn', { value: openAiKey.secretArn });
    new CfnOutput(this, 'StripeSecretArn', { value: stripeKeys.secretArn });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.alarms.topic.topicArn,
      description: 'Subscribe to be told about alarms',
    });
  }
}
