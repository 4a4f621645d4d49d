import { Aws, Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { API_CONTENT_SECURITY_POLICY, spaContentSecurityPolicy } from '../../security-headers';

/**
 * Presigned media URLs name the bucket under S3's regional host. A wildcard rather than the
 * bucket's own name: the bucket's CORS names the distribution, so the distribution naming the
 * bucket would be a cycle.
 */
const MEDIA_ORIGINS = [`https://*.s3.${Aws.REGION}.amazonaws.com`, 'https://*.s3.amazonaws.com'];

function policy(
  scope: Construct,
  id: string,
  comment: string,
  contentSecurityPolicy: string,
  referrer: cloudfront.HeadersReferrerPolicy,
) {
  return new cloudfront.ResponseHeadersPolicy(scope, id, {
    comment,
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: referrer, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
    },
  });
}

/** The headers infra/security-headers.ts defines, added by CloudFront to the SPA and to /api/*. */
export function securityHeadersPolicies(scope: Construct) {
  return {
    spa: policy(
      scope,
      'SpaSecurityHeaders',
      'SPA: strict CSP, nosniff, no framing, origin-only referrer, HSTS',
      spaContentSecurityPolicy(MEDIA_ORIGINS),
      cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
    ),
    api: policy(
      scope,
      'ApiSecurityHeaders',
      'API: nothing loads from or frames JSON answers, nosniff, no referrer, HSTS',
      API_CONTENT_SECURITY_POLICY,
      cloudfront.HeadersReferrerPolicy.NO_REFERRER,
    ),
  };
}
