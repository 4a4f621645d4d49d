import { mkdtempSync, rmSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '../../functions/api/areas';
import { WORKFLOWS } from '../../functions/core/workflows';
import { OAUTH_APPS } from '../../functions/core/oauth/providers';
import { tableSchema } from '../../functions/core/table/schema';
import { RECURRING_WORKERS, WORKERS } from '../../functions/workers/workers';
import { AREA_GRANTS, RECURRING_GRANTS, WORKER_GRANTS } from '../../infra/aws/area-grants';
import { Workflows } from '../../infra/aws/constructs/workflows';
import { deployedAreas, type MarketingStack } from '../../infra/aws/marketing-stack';
import { DEFAULT_FEATURE_FLAGS, DEFAULT_MAIL_FROM } from '../../infra/aws/settings';
import {
  actionsOf,
  allows,
  appFunctions,
  appFunctionTemplate,
  logicalId,
  resources,
  statementsOf,
  statementsOfRole,
  synth,
  SYNTH_TIMEOUT,
} from './synth';

// CloudFront managed policy ids (fixed by AWS).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';

let stack: MarketingStack;
let template: ReturnType<typeof synth>['template'];
let apiIds: Map<string, string>;
let workerIds: Map<string, string>;

beforeAll(() => {
  ({ stack, template } = synth());
  apiIds = new Map([...stack.apiFunctions].map(([area, fn]) => [area, logicalId(fn)]));
  workerIds = new Map([...stack.workerFunctions].map(([name, fn]) => [name, logicalId(fn)]));
}, SYNTH_TIMEOUT);

describe('table', () => {
  it('is the one table of functions/core/table/schema, on demand, with PITR and TTL', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: tableSchema.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableSchema.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: tableSchema.ttlAttribute, Enabled: true },
    });
  });

  it('has every GSI of the schema, projecting all attributes', () => {
    const [table] = Object.values(resources(template, 'AWS::DynamoDB::Table'));
    expect(table?.Properties.GlobalSecondaryIndexes).toHaveLength(tableSchema.globalIndexes.length);
    for (const index of tableSchema.globalIndexes) {
      expect(table?.Properties.GlobalSecondaryIndexes).toContainEqual({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      });
    }
  });

  it('is retained on stack deletion and replacement', () => {
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });
});

describe('media bucket', () => {
  const media = () => Object.entries(resources(template, 'AWS::S3::Bucket')).find(([id]) => id.startsWith('Media'))!;

  it('allows presigned PUT/GET/HEAD from the app origin (the distribution by default) and exposes ETag', () => {
    expect(media()[1].Properties.CorsConfiguration).toEqual({
      CorsRules: [
        expect.objectContaining({
          AllowedMethods: expect.arrayContaining(['PUT', 'GET', 'HEAD']),
          AllowedOrigins: [
            {
              'Fn::Join': [
                '',
                ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^WebDistribution/), 'DomainName'] }],
              ],
            },
          ],
          ExposedHeaders: ['ETag'],
        }),
      ],
    });
  });

  it('is private, encrypted, TLS only', () => {
    const [id, bucket] = media();
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });
});

describe('web bucket and CloudFront', () => {
  it('keeps every bucket (web, media, access logs) private', () => {
    template.resourceCountIs('AWS::S3::Bucket', 3);
    template.allResourcesProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
  });

  it('serves the SPA from the web bucket through Origin Access Control', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebBucket'), 'RegionalDomainName'] },
            OriginAccessControlId: { 'Fn::GetAtt': [Match.anyValue(), 'Id'] },
          }),
        ]),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: Match.anyValue() }],
        }),
      }),
    });
    // Only CloudFront may read the web bucket.
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: Match.stringLikeRegexp('^WebBucket') },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' } }),
        ]),
      },
    });
  });

  it('sends /api/* to the HTTP API uncached, with every method, cookie, query string and header', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/api/*',
            CachePolicyId: CACHING_DISABLED,
            OriginRequestPolicyId: { Ref: Match.stringLikeRegexp('ApiRequests') },
            AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            ViewerProtocolPolicy: 'https-only',
          }),
        ],
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: {
              'Fn::Join': ['', Match.arrayWith([{ Ref: Match.stringLikeRegexp('^HttpApi') }, '.execute-api.'])],
            },
            CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }),
            OriginCustomHeaders: [
              { HeaderName: 'x-origin-verify', HeaderValue: Match.objectLike({ 'Fn::Join': Match.anyValue() }) },
            ],
          }),
        ]),
      }),
    });
  });

  it('forwards cookies, query strings, the API headers and the viewer address (not Host) to /api', () => {
    template.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({
        CookiesConfig: { CookieBehavior: 'all' },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        HeadersConfig: {
          HeaderBehavior: 'whitelist',
          Headers: Match.arrayWith(['Origin', 'Content-Type', 'CloudFront-Viewer-Address']),
        },
      }),
    });
    const policies = template.findResources('AWS::CloudFront::OriginRequestPolicy');
    for (const policy of Object.values(policies)) {
      expect(JSON.stringify(policy)).not.toMatch(/"Host"/);
    }
  });

  it('CloudFront sends the origin-verify secret that API functions read at run time, never from their environment', () => {
    const secretId = Object.keys(resources(template, 'AWS::SecretsManager::Secret')).find((id) =>
      id.startsWith('OriginVerify'),
    );
    // CloudFront's header: a dynamic reference CloudFormation resolves at deploy time.
    const [distribution] = Object.values(resources(template, 'AWS::CloudFront::Distribution'));
    const header = distribution!.Properties.DistributionConfig.Origins.flatMap(
      (o: any) => o.OriginCustomHeaders ?? [],
    )[0];
    expect(JSON.stringify(header.HeaderValue)).toContain('{{resolve:secretsmanager:');
    expect(JSON.stringify(header.HeaderValue)).toContain(`"Ref":"${secretId}"`);
    for (const [id, fn] of Object.entries(appFunctions(template))) {
      expect(Object.keys(fn.Properties.Environment.Variables), id).not.toContain('ORIGIN_VERIFY_SECRET');
      expect(JSON.stringify(fn.Properties.Environment), id).not.toContain('resolve:secretsmanager');
    }
    for (const id of apiIds.values()) {
      expect(template.toJSON().Resources[id].Properties.Environment.Variables.ORIGIN_VERIFY_SECRET_ARN, id).toEqual({
        Ref: secretId,
      });
      expect(allows(template, id, 'secretsmanager:GetSecretValue', { Ref: secretId }), id).toBe(true);
    }
    for (const id of workerIds.values()) {
      expect(JSON.stringify(statementsOf(template, id)), id).not.toContain(secretId);
    }
  });

  it('falls back to index.html for SPA routes without touching API errors', () => {
    // Distribution-wide error responses would turn the API's 403/404 into index.html 200.
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ CustomErrorResponses: Match.absent() }),
    });
    const [fn] = Object.values(resources(template, 'AWS::CloudFront::Function'));
    // CloudFront runs the function in its own JavaScript runtime; a fresh V8 context stands in.
    const handler = runInNewContext(`${fn!.Properties.FunctionCode}; handler`) as (e: unknown) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/calendar')).toBe('/index.html');
    expect(rewrite('/companies/12/settings')).toBe('/index.html');
    expect(rewrite('/assets/index-3f2a1b.js')).toBe('/assets/index-3f2a1b.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });

  it('deploys no SPA when there is no web build', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

describe('HTTP API', () => {
  it('deploys every area except the local-only ones', () => {
    const local = AREAS.filter((a) => a.localOnly).map((a) => a.name);
    expect(local).toContain('dev');
    expect(deployedAreas()).not.toContain('dev');
    expect([...apiIds.keys()].sort()).toEqual(
      AREAS.filter((a) => !a.localOnly)
        .map((a) => a.name)
        .sort(),
    );
    const routeKeys = Object.values(resources(template, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
    for (const name of local) expect(routeKeys.filter((k) => k.includes(`/api/${name}`))).toEqual([]);
  });

  it("bundles no local-only route into a deployed area's Lambda (the dev tools that keep another area's URL)", async () => {
    const { ALL_ROUTES } = await import('../../functions/api/all-routes');
    const localRoutes = Object.values(ALL_ROUTES)
      .flat()
      .filter((r) => r.localOnly);
    expect(localRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/api/integrations/dev/sandbox-requests', '/api/billing/simulation/checkout']),
    );
    for (const area of deployedAreas()) {
      const { routes } = await AREAS.find((a) => a.name === area)!.routes();
      expect(routes.filter((r) => r.localOnly).map((r) => `${area}: ${r.path}`)).toEqual([]);
    }
  });

  it('has one payload-2.0 Lambda integration per area, routed from /api/<area> and /api/<area>/{proxy+}', () => {
    const areas = deployedAreas();
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    template.resourceCountIs('AWS::ApiGatewayV2::Integration', areas.length);
    template.resourceCountIs('AWS::ApiGatewayV2::Route', areas.length * 2);
    template.allResourcesProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
    });

    const integrations = resources(template, 'AWS::ApiGatewayV2::Integration');
    const routes = Object.values(resources(template, 'AWS::ApiGatewayV2::Route'));
    for (const area of areas) {
      // Follow route → integration → function, and land on this area's function.
      const targets = [`ANY /api/${area}`, `ANY /api/${area}/{proxy+}`].map((key) => {
        const route = routes.find((r) => r.Properties.RouteKey === key);
        expect(route, key).toBeDefined();
        const target = route!.Properties.Target['Fn::Join'][1][1].Ref as string;
        return integrations[target]!.Properties.IntegrationUri['Fn::GetAtt'][0];
      });
      expect(targets).toEqual([apiIds.get(area), apiIds.get(area)]);
    }
  });
});

describe('functions', () => {
  it('are one Lambda per deployed area and per worker, all Node 22 on arm64', () => {
    const ours = appFunctionTemplate(template);
    ours.resourceCountIs('AWS::Lambda::Function', deployedAreas().length + WORKERS.length + RECURRING_WORKERS.length);
    ours.allResourcesProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      Environment: {
        Variables: Match.objectLike({
          RUNTIME: 'aws',
          LOG_LEVEL: 'info',
          NODE_OPTIONS: Match.stringLikeRegexp('^--enable-source-maps --max-old-space-size=\\d+$'),
        }),
      },
    });
    expect([...workerIds.keys()].sort()).toEqual([...WORKERS, ...RECURRING_WORKERS].map((w) => w.name).sort());
  });

  it('each log to their own log group kept for one month', () => {
    const groups = resources(template, 'AWS::Logs::LogGroup');
    for (const [id, fn] of Object.entries(resources(template, 'AWS::Lambda::Function'))) {
      const groupId = fn.Properties.LoggingConfig?.LogGroup?.Ref;
      expect(groupId, id).toBeDefined();
      expect(groups[groupId]!.Properties.RetentionInDays, id).toBe(30);
    }
  });

  it('size API functions for latency and workers for long waits', () => {
    const fns = template.toJSON().Resources;
    for (const id of apiIds.values()) expect(fns[id].Properties).toMatchObject({ MemorySize: 1024, Timeout: 29 });
    // A workflow worker's timeout is its Task's (functions/workers/workers.ts); a recurring one has the kind's 5 min.
    const timeouts = new Map<string, number>(WORKERS.map((w) => [w.name, w.timeoutSeconds]));
    for (const [name, id] of workerIds)
      expect(fns[id].Properties).toMatchObject({ MemorySize: 512, Timeout: timeouts.get(name) ?? 300 });
  });

  it('give every function the configuration functions/core/config reads', () => {
    const fns = template.toJSON().Resources;
    for (const id of [...apiIds.values(), ...workerIds.values()]) {
      expect(fns[id].Properties.Environment.Variables, id).toMatchObject({
        TABLE_NAME: { Ref: expect.stringMatching(/^DataTable/) },
        MEDIA_BUCKET: { Ref: expect.stringMatching(/^MediaBucket/) },
        APP_ORIGIN: {
          'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^WebDistribution/), 'DomainName'] }]],
        },
        FEATURE_FLAGS: JSON.stringify(DEFAULT_FEATURE_FLAGS),
        MAIL_FROM: DEFAULT_MAIL_FROM,
      });
    }
  });
});

describe('workflows', () => {
  /** What CloudFormation does with DefinitionSubstitutions at deploy time. */
  const substituted = (props: Record<string, any>) =>
    (props.DefinitionString as string).replace(/\$\{(\w+)\}/g, (whole, name: string) =>
      props.DefinitionSubstitutions?.[name] ? `<<${props.DefinitionSubstitutions[name]['Fn::GetAtt'][0]}>>` : whole,
    );

  it('are one state machine per workflow, every placeholder bound to a worker Lambda', () => {
    const machines = resources(template, 'AWS::StepFunctions::StateMachine');
    template.resourceCountIs('AWS::StepFunctions::StateMachine', WORKFLOWS.length);
    const workerLogicalIds = new Set(workerIds.values());
    for (const [id, machine] of Object.entries(machines)) {
      const definition = substituted(machine.Properties);
      expect(definition, id).not.toContain('${');
      const resourcesUsed = Object.values(JSON.parse(definition).States as Record<string, any>)
        .filter((s) => s.Type === 'Task')
        .map((s) => s.Resource as string);
      expect(resourcesUsed.length, id).toBeGreaterThan(0);
      for (const r of resourcesUsed) expect(workerLogicalIds, r).toContain(r.replace(/^<<|>>$/g, ''));
    }
  });

  it('map each worker substitution of functions/workers/workers.ts to its function ARN', () => {
    const bound = Object.values(resources(template, 'AWS::StepFunctions::StateMachine')).flatMap((m) =>
      Object.entries((m.Properties.DefinitionSubstitutions ?? {}) as Record<string, unknown>),
    );
    for (const worker of WORKERS) {
      expect(bound, worker.name).toContainEqual([
        worker.substitution,
        { 'Fn::GetAtt': [workerIds.get(worker.name), 'Arn'] },
      ]);
    }
  });

  it('may invoke the workers they use', () => {
    for (const [id, machine] of Object.entries(resources(template, 'AWS::StepFunctions::StateMachine'))) {
      const roleId = machine.Properties.RoleArn['Fn::GetAtt'][0];
      const invocable = statementsOfRole(template, roleId)
        .filter((s) => actionsOf(s).includes('lambda:InvokeFunction'))
        .flatMap((s) => [s.Resource].flat());
      for (const fn of Object.values(machine.Properties.DefinitionSubstitutions))
        expect(invocable, id).toContainEqual(fn);
    }
  });
  it('refuse to synthesize a workflow whose placeholder names no worker', () => {
    // An explicit outdir, removed after: a bare App would leave a temp dir behind.
    const outdir = mkdtempSync(join(tmpdir(), 'cdk-probe-'));
    try {
      const scope = new Stack(new App({ outdir }), 'Probe');
      expect(() => new Workflows(scope, 'Workflows', { workflows: WORKFLOWS, workers: new Map() })).toThrow(
        /no worker in WORKERS has that substitution/,
      );
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});

describe('scheduler', () => {
  it('has a schedule group and a role only EventBridge Scheduler can assume, allowed to start the workflows', () => {
    template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: {
              StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' }, 'aws:SourceArn': Match.anyValue() },
            },
          }),
        ],
      },
    });
    const roleId = Object.keys(resources(template, 'AWS::IAM::Role')).find((id) => id.startsWith('SchedulesRole'))!;
    const statements = statementsOfRole(template, roleId);
    expect(statements.flatMap(actionsOf)).toEqual(statements.map(() => 'states:StartExecution'));
    const startable = statements.flatMap((s: { Resource: unknown }) => [s.Resource].flat());
    for (const machine of Object.keys(resources(template, 'AWS::StepFunctions::StateMachine'))) {
      expect(startable).toContainEqual({ Ref: machine });
    }
    expect(startable).toHaveLength(WORKFLOWS.length);
  });
});

describe('mail, secrets and keys', () => {
  it('lets the areas that mail send only from MAIL_FROM, and no other function', () => {
    for (const [area, id] of apiIds) {
      const statement = {
        Action: 'ses:SendEmail',
        Effect: 'Allow',
        Resource: {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':ses:',
              { Ref: 'AWS::Region' },
              ':',
              { Ref: 'AWS::AccountId' },
              ':identity/*',
            ],
          ],
        },
        Condition: { StringEquals: { 'ses:FromAddress': DEFAULT_MAIL_FROM } },
      };
      if (AREA_GRANTS[area as keyof typeof AREA_GRANTS].mail)
        expect(statementsOf(template, id), area).toContainEqual(statement);
      else expect(statementsOf(template, id).flatMap(actionsOf), area).not.toContain('ses:SendEmail');
    }
    for (const [worker, id] of workerIds) {
      const sends = statementsOf(template, id).flatMap(actionsOf).includes('ses:SendEmail');
      const grants = { ...WORKER_GRANTS, ...RECURRING_GRANTS };
      expect(sends, worker).toBe(!!grants[worker as keyof typeof grants].mail);
    }
  });

  it('has the OAuthClients secret with a placeholder per OAuth app (sign-in and connected apps), readable by the areas that declare it', () => {
    const secrets = resources(template, 'AWS::SecretsManager::Secret');
    const secretId = Object.keys(secrets).find((id) => id.startsWith('OAuthClients'))!;
    const secret = secrets[secretId]!;
    const generated = secret.Properties.GenerateSecretString;
    // The shape functions/core/oauth/providers.ts parses.
    expect(JSON.parse(generated.SecretStringTemplate)).toEqual(
      Object.fromEntries(OAUTH_APPS.map((p) => [p, { clientId: '', clientSecret: '' }])),
    );
    expect(generated.GenerateStringKey).toBeTruthy();
    for (const [area, id] of apiIds) {
      const declared = !!AREA_GRANTS[area as keyof typeof AREA_GRANTS].secrets?.includes('oauth-clients');
      expect(allows(template, id, 'secretsmanager:GetSecretValue', { Ref: secretId }), area).toBe(declared);
    }
    expect(template.toJSON().Resources[apiIds.get('auth')!].Properties.Environment.Variables.OAUTH_SECRET_ARN).toEqual({
      Ref: secretId,
    });
  });

  it('has a rotating, retained KMS key for platform tokens', () => {
    template.resourceCountIs('AWS::KMS::Key', 1);
    template.hasResource('AWS::KMS::Key', {
      Properties: Match.objectLike({ EnableKeyRotation: true }),
      DeletionPolicy: 'Retain',
    });
  });
});

describe('outputs', () => {
  it('name the app URL, the API URL, the table and the buckets', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(Object.keys(outputs)).toEqual(
      expect.arrayContaining(['AppUrl', 'ApiUrl', 'TableName', 'MediaBucketName', 'WebBucketName']),
    );
    expect(outputs.AppUrl?.Value).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^WebDistribution/), 'DomainName'] }]],
    });
  });
});
