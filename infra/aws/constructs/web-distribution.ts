import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

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

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Marketing automation: SPA + /api',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        // OAC: only this distribution can read the bucket (signed SigV4 requests).
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: cloudfront.ResponseHeadersPolicy.SECURITY_HEADERS,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Same origin as the SPA: session cookies stay first-party and SameSite=Lax, no CORS.
        '/api/*': {
          origin: new origins.HttpOrigin(props.apiDomainName, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            customHeaders: { 'x-origin-verify': props.originVerifyValue },
          }),
          // HTTPS only, not a redirect: a redirected POST would lose its body.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: apiRequests,
        },
      },
    });

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
      exclude: ['assets/*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup,
    });
    // The new index.html must not go live before the chunks it references.
    entry.node.addDependency(hashed);
  }
}
