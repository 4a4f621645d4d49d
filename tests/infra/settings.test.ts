import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFunctionTemplate, resources, synth, SYNTH_TIMEOUT } from './synth';

/**
 * Context values as cdk.json or `cdk synth -c key=value` give them. One synth covers several
 * settings: each synth of the whole stack costs seconds (it also runs CDK's template checks).
 */
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-aaaa-bbbb-cccc-0123456789ab';

describe('context settings', () => {
  let template: ReturnType<typeof synth>['template'];
  beforeAll(() => {
    ({ template } = synth({
      context: {
        appOrigin: 'https://app.example.com/',
        mailFrom: 'hello@brand.example',
        featureFlags: { GoogleSearchConsole: true },
        domainName: 'app.example.com',
        certificateArn: CERTIFICATE,
        alarmEmail: 'ops@brand.example',
        originVerifyGeneration: 2,
      },
    }));
  }, SYNTH_TIMEOUT);

  it('domainName and certificateArn put the app on its own domain, with TLS 1.2 at least', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.example.com'],
        ViewerCertificate: {
          AcmCertificateArn: CERTIFICATE,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
  });

  it('alarmEmail subscribes that address to the alarm topic', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@brand.example',
      TopicArn: { Ref: Match.stringLikeRegexp('^AlarmsTopic') },
    });
  });

  it('originVerifyGeneration goes out beside the origin-verify header, so raising it makes CloudFront re-read the secret', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([
          Match.objectLike({
            OriginCustomHeaders: Match.arrayWith([{ HeaderName: 'x-origin-verify-generation', HeaderValue: '2' }]),
          }),
        ]),
      }),
    });
  });
  const flagsOn = JSON.stringify({
    GoogleMyBusinessIntegration: false,
    GoogleSearchConsole: true,
    LocalBusinessListing: false,
  });

  it('appOrigin (a custom domain) replaces the distribution domain for CORS and APP_ORIGIN', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://app.example.com'] })] },
    });
    appFunctionTemplate(template).allResourcesProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ APP_ORIGIN: 'https://app.example.com' }) },
    });
  });

  it('featureFlags from cdk.json (an object) turn flags on over the all-off default', () => {
    appFunctionTemplate(template).allResourcesProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ FEATURE_FLAGS: flagsOn }) },
    });
  });

  it('featureFlags from `-c` (a JSON string) do the same', () => {
    const fromCli = synth({ context: { featureFlags: '{"GoogleSearchConsole":true}' } }).template;
    appFunctionTemplate(fromCli).allResourcesProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ FEATURE_FLAGS: flagsOn }) },
    });
  });

  it('mailFrom sets MAIL_FROM and the SES sender condition', () => {
    appFunctionTemplate(template).allResourcesProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ MAIL_FROM: 'hello@brand.example' }) },
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'ses:SendEmail',
            Condition: { StringEquals: { 'ses:FromAddress': 'hello@brand.example' } },
          }),
        ]),
      },
    });
  });

  it('rejects malformed values at synth time', () => {
    expect(() => synth({ context: { appOrigin: 'app.example.com' } })).toThrow(/appOrigin/);
    expect(() => synth({ context: { mailFrom: 'nobody' } })).toThrow(/mailFrom/);
    expect(() => synth({ context: { featureFlags: '[1]' } })).toThrow(/featureFlags/);
    expect(() => synth({ context: { domainName: 'app.example.com' } })).toThrow(
      /domainName and certificateArn go together/,
    );
    expect(() =>
      synth({
        context: { domainName: 'app.example.com', certificateArn: CERTIFICATE.replace('us-east-1', 'eu-west-1') },
      }),
    ).toThrow(/us-east-1/);
    expect(() => synth({ context: { alarmEmail: 'ops' } })).toThrow(/alarmEmail/);
    expect(() => synth({ context: { originVerifyGeneration: 'next' } })).toThrow(/originVerifyGeneration/);
  });
});

describe('SPA deployment', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('uploads a web build: hashed assets first, then index.html with an invalidation', () => {
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    const { template } = synth({ webDist });

    const deployments = Object.entries(resources(template, 'Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    const [hashedId, hashed] = deployments.find(([, d]) => d.Properties.Include?.includes('assets/*'))!;
    const [entryId, entry] = deployments.find(([, d]) => d.Properties.Exclude?.includes('assets/*'))!;
    expect(hashed.Properties).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': expect.stringContaining('immutable') },
    });
    expect(entry.Properties).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
      DestinationBucketName: { Ref: expect.stringMatching(/^WebBucket/) },
    });
    const dependsOn = (template.toJSON().Resources[entryId].DependsOn ?? []) as string[];
    expect(dependsOn).toContain(hashedId);
    // The deployment handler logs like the app's functions: one month.
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: Match.stringLikeRegexp('^python'),
      LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp('^WebDeployLogs') } },
    });
  });
});
