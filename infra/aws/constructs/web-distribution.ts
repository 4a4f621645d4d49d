import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Stack, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { CloudFrontAccessLogs } from './cloudfront-access-logs';
import { securityHeadersPolicies } from './security-headers-policy';

export interface WebDistributionProps {
  /** execute-api host of the HTTP API, served under /api/* on the same origin as the SPA. */
  apiDomainName: string;
  /** The Vite build. Deployed only if it exists, so `cdk synth` works without a web build. */
  webDist: string;
  /**
   * Sent to the API as `x-origin-verify` on every /api request. The API refuses requests
   * without it, so its execute-api URL cannot be used to bypass CloudFront (and to forge
   * CloudFront-Viewer-Address, which the rate limits key on).
   */
  originVerifyValue: string;
  /** Sent beside it; changing it is what makes CloudFormation re-read the rotated secret. */
  originVerifyGeneration?: string;
  /** Receives CloudFront's access logs (`cloudfront/`) and the web bucket's access logs (`web/`). */
  accessLogs: s3.IBucket;
  /** A custom domain with its ACM certificate (us-east-1); without one, *.cloudfront.net. */
  customDomain?: { domainName: string; certificateArn: string };
}

/**
 * What /api needs from the viewer request. An allow-list rather than "all viewer headers":
 * only so can a CloudFront header (the viewer's address) be added, and Host must stay
 * execute-api's own. Cookies and query strings all pass.
 */
const API_HEADERS = [
  'Origin',
  'Content-Type',
  'Accept',
  'Accept-Language',
  'User-Agent',
  'Referer',
  'CloudFront-Viewer-Address',
  // The payment provider's webhook signature (POST /api/billing/webhook).
  'Stripe-Signature',
];

/**
 * SPA routes (/calendar, /companies/3/...) have no object in the bucket. Rewriting them to
 * /index.html at the viewer keeps that fallback on the default behaviour only. Distribution-
 * wide error responses (403/404 → /index.html 200) would also rewrite the API's own 403 and
 * 404 answers (forbidden, unknown job) into HTML with status 200.
 * A last path segment with a dot is a file: a missing one stays an error, not HTML.
 */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** The one public entry point: CloudFront serves the SPA from a private bucket and /api/*. */
export class WebDistribution extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: WebDistributionProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'web/',
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'SPA deep links -> /index.html',
    });

    const apiRequests = new cloudfront.OriginRequestPolicy(this, 'ApiRequests', {
      comment: 'API: cookies, query strings, the headers it reads and the viewer address',
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.all(),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...API_HEADERS),
    });

    const headers = securityHeadersPolicies(this);
    const domain = props.customDomain;
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Marketing automation: SPA + /api',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // TLS 1.2+ for viewers needs a certificate of our own: with the default *.cloudfront.net
      // certificate CloudFront fixes the minimum at TLSv1 (see infra/aws/nag-suppressions.ts).
      ...(domain && {
        domainNames: [domain.domainName],
        certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
        minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      defaultBehavior: {
        // OAC: only this distribution can read the bucket (signed SigV4 requests).
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers.spa,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Same origin as the SPA: session cookies stay first-party and SameSite=Lax, no CORS.
        '/api/*': {
          origin: new origins.HttpOrigin(props.apiDomainName, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            customHeaders: {
              'x-origin-verify': props.originVerifyValue,
              ...(props.originVerifyGeneration && { 'x-origin-verify-generation': props.originVerifyGeneration }),
            },
          }),
          // HTTPS only, not a redirect: a redirected POST would lose its body.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: apiRequests,
          responseHeadersPolicy: headers.api,
        },
      },
    });

    // Standard logging v2 rather than the distribution's own (legacy) logging: see the construct.
    new CloudFrontAccessLogs(this, 'AccessLogs', {
      distribution: this.distribution,
      bucket: props.accessLogs,
      prefix: 'cloudfront',
    });

    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The product serves small businesses in any country: no geographic restriction.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason:
          'Access logs are on, through standard logging v2 (CloudFrontAccessLogs), which leaves out the query string; ' +
          "cdk-nag reads only the distribution's legacy logging setting.",
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF web ACL: a CloudFront-scope ACL must live in us-east-1 while this stack is region-agnostic; floods are ' +
          'bounded by the HTTP API throttle and the per-user and per-client rate limits of the app.',
      },
    );
    if (!domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'With the default *.cloudfront.net certificate CloudFront does not allow a minimum protocol version; deploy with ' +
          '-c domainName=... -c certificateArn=... and the distribution requires TLSv1.2_2021.',
      });
    }

    if (existsSync(join(props.webDist, 'index.html'))) this.deploy(props.webDist);
  }

  /**
   * Vite's content-hashed build output (assets/) first, cached for a year and kept across
   * deploys (an open tab lazy-loads the chunks of the build it started with); then the rest
   * (index.html, public/ files), which browsers must revalidate, and an invalidation so the
   * new build is live at once.
   */
  private deploy(webDist: string) {
    const source = s3deploy.Source.asset(webDist);
    // Both deployments run on one shared handler Lambda, so they share its log group.
    const logGroup = new logs.LogGroup(this, 'DeployLogs', { retention: logs.RetentionDays.ONE_MONTH });
    const hashed = new s3deploy.BucketDeployment(this, 'DeployHashedAssets', {
      sources: [source],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
      logGroup,
    });
    const entry = new s3deploy.BucketDeployment(this, 'DeployEntry', {
      sources: [source],
      destinationBucket: this.bucket,
      // .vite/ holds the build's manifest, for the first-load test: source paths, not for the public.
      exclude: ['assets/*', '.vite/*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup,
    });
    // The new index.html must not go live before the chunks it references.
    entry.node.addDependency(hashed);
    this.acknowledgeDeploymentHandler();
  }

  /**
   * The deployments run on CDK's shared BucketDeployment handler, a stack-level singleton whose
   * role CDK builds: its findings are about CDK's construct, acknowledged on it alone.
   */
  private acknowledgeDeploymentHandler() {
    const stack = Stack.of(this);
    const webBucket = stack.resolve(stack.getLogicalId(this.bucket.node.defaultChild as s3.CfnBucket)) as string;
    const handlers = stack.node.children.filter((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    const reason =
      "CDK's BucketDeployment handler: copies the web build from CDK's asset bucket into the web bucket and invalidates CloudFront; CDK defines its role and runtime.";
    for (const handler of handlers) {
      Validations.of(handler).acknowledge(
        ...[
          'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          'AwsSolutions-IAM5[Action::s3:GetBucket*]',
          'AwsSolutions-IAM5[Action::s3:GetObject*]',
          'AwsSolutions-IAM5[Action::s3:List*]',
          'AwsSolutions-IAM5[Action::s3:Abort*]',
          'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
          'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
          `AwsSolutions-IAM5[Resource::<${webBucket}.Arn>/*]`,
          'AwsSolutions-IAM5[Resource::*]',
          'AwsSolutions-L1',
        ].map((id) => ({ id, reason })),
      );
    }
  }
}
