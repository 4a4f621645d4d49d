import type { Template } from 'aws-cdk-lib/assertions';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { METRICS_NAMESPACE, SERVER_ERRORS_METRIC } from '../../functions/core/metric-names';
import { WORKFLOWS } from '../../functions/core/workflows';
import { RECURRING_WORKERS, WORKERS } from '../../functions/workers/workers';
import { API_THROTTLE } from '../../infra/aws/constructs/http-api';
import { deployedAreas, type MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/** Running it: alarms, throttling, logs, traces, secrets and the media bucket's safety net. */
let stack: MarketingStack;
let template: Template;

beforeAll(() => {
  ({ stack, template } = synth());
}, SYNTH_TIMEOUT);

const idStartingWith = (prefix: string) =>
  Object.keys(template.toJSON().Resources).find((id) => id.startsWith(prefix))!;

describe('alarms', () => {
  const alarms = () => Object.values(resources(template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties);
  const topic = () => idStartingWith('AlarmsTopic');

  it('all notify the alarm topic, which only accepts TLS, and treat no data as fine', () => {
    expect(alarms().length).toBeGreaterThan(0);
    for (const alarm of alarms()) {
      expect(alarm.AlarmActions, alarm.AlarmDescription).toEqual([{ Ref: topic() }]);
      expect(alarm.TreatMissingData, alarm.AlarmDescription).toBe('notBreaching');
    }
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('watch the HTTP API for 5xx', () => {
    expect(alarms()).toContainEqual(
      expect.objectContaining({
        Namespace: 'AWS/ApiGateway',
        MetricName: '5xx',
        Dimensions: [{ Name: 'ApiId', Value: { Ref: idStartingWith('HttpApi') } }],
        Statistic: 'Sum',
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      }),
    );
  });

  it("watch each area's own server-error metric, under the service name its Powertools metrics carry", () => {
    for (const area of deployedAreas()) {
      expect(alarms(), area).toContainEqual(
        expect.objectContaining({
          Namespace: METRICS_NAMESPACE,
          MetricName: SERVER_ERRORS_METRIC,
          Dimensions: [{ Name: 'service', Value: area }],
        }),
      );
      const env =
        template.toJSON().Resources[logicalId(stack.apiFunctions.get(area)!)].Properties.Environment.Variables;
      expect(env.POWERTOOLS_SERVICE_NAME, area).toBe(area);
    }
  });

  it('watch every function for throttles and errors', () => {
    for (const fn of [...stack.apiFunctions.values(), ...stack.workerFunctions.values()]) {
      const id = logicalId(fn);
      for (const metric of ['Throttles', 'Errors']) {
        expect(alarms(), `${id} ${metric}`).toContainEqual(
          expect.objectContaining({
            Namespace: 'AWS/Lambda',
            MetricName: metric,
            Dimensions: [{ Name: 'FunctionName', Value: { Ref: id } }],
          }),
        );
      }
    }
    expect(stack.workerFunctions.size).toBe(WORKERS.length + RECURRING_WORKERS.length);
  });

  it('watch every workflow for failed and timed-out executions', () => {
    const machines = Object.keys(resources(template, 'AWS::StepFunctions::StateMachine'));
    expect(machines).toHaveLength(WORKFLOWS.length);
    for (const machine of machines) {
      for (const metric of ['ExecutionsFailed', 'ExecutionsTimedOut']) {
        expect(alarms(), `${machine} ${metric}`).toContainEqual(
          expect.objectContaining({
            Namespace: 'AWS/States',
            MetricName: metric,
            Dimensions: [{ Name: 'StateMachineArn', Value: { Ref: machine } }],
            Threshold: 1,
          }),
        );
      }
    }
  });
});

describe('HTTP API', () => {
  it('throttles its one $default stage and writes a JSON access log line per request to a kept log group', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    const [stage] = Object.values(resources(template, 'AWS::ApiGatewayV2::Stage'));
    expect(stage!.Properties).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: API_THROTTLE.rateLimit,
        ThrottlingBurstLimit: API_THROTTLE.burstLimit,
      },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [idStartingWith('HttpAccessLogs'), 'Arn'] } },
    });
    const format = JSON.parse(stage!.Properties.AccessLogSettings.Format as string) as Record<string, string>;
    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status', path: '$context.path' });
    expect(
      resources(template, 'AWS::Logs::LogGroup')[idStartingWith('HttpAccessLogs')]!.Properties.RetentionInDays,
    ).toBe(30);
  });
});

describe('workflows', () => {
  it('log every execution event (without user data) to their own log group, and trace with X-Ray', () => {
    for (const [id, machine] of Object.entries(resources(template, 'AWS::StepFunctions::StateMachine'))) {
      expect(machine.Properties.TracingConfiguration, id).toEqual({ Enabled: true });
      expect(machine.Properties.LoggingConfiguration, id).toEqual({
        Level: 'ALL',
        IncludeExecutionData: false,
        Destinations: [
          {
            CloudWatchLogsLogGroup: {
              LogGroupArn: {
                'Fn::GetAtt': [expect.stringMatching(new RegExp(`^${id.replace(/[0-9A-F]{8}$/, '')}Logs`)), 'Arn'],
              },
            },
          },
        ],
      });
    }
  });

  it('retry the run task on the Lambda service errors AWS recommends retrying', () => {
    const machine = Object.entries(resources(template, 'AWS::StepFunctions::StateMachine')).find(([id]) =>
      id.startsWith('WorkflowsRunJob'),
    )?.[1];
    const states = JSON.parse(machine!.Properties.DefinitionString as string).States as Record<
      string,
      { Type: string; Retry?: { ErrorEquals: string[] }[] }
    >;
    const runs = Object.entries(states).filter(([name, state]) => state.Type === 'Task' && name.startsWith('Run'));
    expect(runs.length).toBeGreaterThan(1);
    for (const [name, run] of runs) {
      const retried = (run.Retry ?? []).flatMap((r) => r.ErrorEquals);
      expect(retried, name).toEqual(
        expect.arrayContaining(['Lambda.ServiceException', 'Lambda.AWSLambdaException', 'Lambda.SdkClientException']),
      );
    }
  });
});

describe('functions', () => {
  it('are traced, and name their Powertools service', () => {
    for (const [name, fn] of [...stack.apiFunctions, ...stack.workerFunctions]) {
      const props = template.toJSON().Resources[logicalId(fn)].Properties;
      expect(props.TracingConfig, name).toEqual({ Mode: 'Active' });
      expect(props.Environment.Variables.POWERTOOLS_SERVICE_NAME, name).toBe(name);
    }
  });

  it('have roles of their own, without managed policies, that write only to their own log group', () => {
    for (const [name, fn] of [...stack.apiFunctions, ...stack.workerFunctions]) {
      const props = template.toJSON().Resources[logicalId(fn)].Properties;
      const roleId = props.Role['Fn::GetAtt'][0] as string;
      expect(resources(template, 'AWS::IAM::Role')[roleId]!.Properties.ManagedPolicyArns, name).toBeUndefined();
      const logStatements = statementsOf(template, logicalId(fn)).filter((s) =>
        actionsOf(s).some((a) => a.startsWith('logs:')),
      );
      expect(logStatements, name).toEqual([
        expect.objectContaining({
          Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          Resource: { 'Fn::GetAtt': [props.LoggingConfig.LogGroup.Ref, 'Arn'] },
        }),
      ]);
    }
  });
});

describe('secrets', () => {
  it('are the origin-verify value, the OAuth clients, the OpenAI key and the Stripe keys, none written in the template', () => {
    const secrets = resources(template, 'AWS::SecretsManager::Secret');
    expect(
      Object.keys(secrets)
        .map((id) => id.replace(/[0-9A-F]{8}$/, ''))
        .sort(),
    ).toEqual(['OAuthClients', 'OpenAiKey', 'OriginVerify', 'StripeKeys'].sort());
    for (const [id, secret] of Object.entries(secrets)) {
      expect(secret.Properties.SecretString, id).toBeUndefined();
      expect(secret.Properties.GenerateSecretString, id).toBeDefined();
    }
    // The shapes functions/core/ai and functions/core/billing read as "not configured yet".
    expect(
      JSON.parse(secrets[idStartingWith('OpenAiKey')]!.Properties.GenerateSecretString.SecretStringTemplate),
    ).toEqual({ apiKey: '' });
    expect(
      JSON.parse(secrets[idStartingWith('StripeKeys')]!.Properties.GenerateSecretString.SecretStringTemplate),
    ).toEqual({
      secretKey: '',
      webhookSecret: '',
    });
  });
});

describe('buckets and CloudFront', () => {
  const buckets = () => resources(template, 'AWS::S3::Bucket');

  it('version media, and expire old versions after 30 days', () => {
    const media = buckets()[idStartingWith('MediaBucket')]!.Properties;
    expect(media.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(media.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' }),
    );
  });

  it('log media and web bucket access, and CloudFront requests, to the access-log bucket', () => {
    const logs = idStartingWith('AccessLogsBucket');
    expect(buckets()[idStartingWith('MediaBucket')]!.Properties.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: logs },
      LogFilePrefix: 'media/',
    });
    expect(buckets()[idStartingWith('WebBucket')]!.Properties.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: logs },
      LogFilePrefix: 'web/',
    });
    // CloudFront's through standard logging v2, whose fields leave the query string out
    // (tests/infra/cloudfront-access-logs.test.ts).
    const destination = Object.values(resources(template, 'Custom::AWS')).find((r) =>
      JSON.stringify(r.Properties.Create).includes('PutDeliveryDestination'),
    );
    const parts = destination!.Properties.Create['Fn::Join'][1] as unknown[];
    const bucketAt = parts.findIndex((p) => JSON.stringify(p) === JSON.stringify({ 'Fn::GetAtt': [logs, 'Arn'] }));
    expect(bucketAt).toBeGreaterThan(0);
    expect(parts[bucketAt + 1]).toMatch(/^\/cloudfront"/);
    expect(buckets()[logs]!.Properties.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ ExpirationInDays: 90, Status: 'Enabled' }),
    );
  });

  it('reach the API origin over TLS 1.2 only', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([
          Match.objectLike({ CustomOriginConfig: Match.objectLike({ OriginSSLProtocols: ['TLSv1.2'] }) }),
        ]),
      }),
    });
  });
});
