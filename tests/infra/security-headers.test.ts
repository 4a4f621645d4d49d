import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_CONTENT_SECURITY_POLICY } from '../../infra/security-headers';
import { resources, synth, SYNTH_TIMEOUT } from './synth';

let template: Template;
beforeAll(() => {
  ({ template } = synth());
}, SYNTH_TIMEOUT);

/** The response headers policy a behaviour of the distribution names, resolved to its config. */
function headersOf(behaviour: { ResponseHeadersPolicyId?: { Ref?: string } }) {
  const id = behaviour.ResponseHeadersPolicyId?.Ref;
  expect(id, 'behaviour has a response headers policy of this stack').toBeDefined();
  return resources(template, 'AWS::CloudFront::ResponseHeadersPolicy')[id!]!.Properties.ResponseHeadersPolicyConfig
    .SecurityHeadersConfig;
}

const cspText = (csp: unknown) => JSON.stringify(csp);

describe('CloudFront adds the security headers to the SPA and to /api/*', () => {
  it('every behaviour carries its own security headers policy', () => {
    const [distribution] = Object.values(resources(template, 'AWS::CloudFront::Distribution'));
    const config = distribution!.Properties.DistributionConfig;
    for (const behaviour of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      const headers = headersOf(behaviour);
      expect(headers.ContentTypeOptions).toEqual({ Override: true });
      expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
      expect(headers.StrictTransportSecurity).toMatchObject({
        AccessControlMaxAgeSec: 31536000,
        IncludeSubdomains: true,
        Override: true,
      });
      expect(headers.ContentSecurityPolicy.Override).toBe(true);
      expect(cspText(headers.ContentSecurityPolicy.ContentSecurityPolicy)).toContain("frame-ancestors 'none'");
    }
  });

  it('the SPA gets a strict CSP: scripts from itself only, media from S3 by presigned URL, an origin-only referrer', () => {
    const [distribution] = Object.values(resources(template, 'AWS::CloudFront::Distribution'));
    const headers = headersOf(distribution!.Properties.DistributionConfig.DefaultCacheBehavior);
    const csp = cspText(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/]+=*'; /);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/\*\.s3\./);
    expect(csp).toMatch(/connect-src 'self' https:\/\/\*\.s3\./);
    // The region is the stack's own, resolved at deploy time.
    expect(csp).toContain('{"Ref":"AWS::Region"}');
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
  });

  it('/api/* answers let nothing load from them and send no referrer', () => {
    const [distribution] = Object.values(resources(template, 'AWS::CloudFront::Distribution'));
    const api = distribution!.Properties.DistributionConfig.CacheBehaviors.find(
      (b: { PathPattern: string }) => b.PathPattern === '/api/*',
    );
    const headers = headersOf(api);
    expect(headers.ContentSecurityPolicy.ContentSecurityPolicy).toBe(API_CONTENT_SECURITY_POLICY);
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'no-referrer', Override: true });
  });
});
