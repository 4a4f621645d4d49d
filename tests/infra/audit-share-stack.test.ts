import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { newToken } from '../../functions/core/accounts/tokens';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/**
 * Guest links to the website audit in AWS: their routes are the seo area's (behind /api/seo),
 * whose function may now send the link by mail; and the guest page's address reaches the SPA
 * through CloudFront's rewrite, whatever random secret it carries.
 */
let template: Template;
let stack: MarketingStack;

beforeAll(() => {
  ({ template, stack } = synth());
}, SYNTH_TIMEOUT);

const seoId = () => {
  const fn = stack.apiFunctions.get('seo');
  if (!fn) throw new Error('no seo function');
  return logicalId(fn);
};

describe('guest links to the website audit in AWS', () => {
  it('are served by the seo function behind /api/seo, which may send the link by mail', () => {
    const routes = Object.values(resources(template, 'AWS::ApiGatewayV2::Route')).map(
      (r) => r.Properties.RouteKey as string,
    );
    expect(routes).toEqual(expect.arrayContaining(['ANY /api/seo', 'ANY /api/seo/{proxy+}']));
    const actions = statementsOf(template, seoId()).flatMap(actionsOf);
    expect(actions.filter((a) => a.startsWith('ses:'))).toEqual(['ses:SendEmail']);
    expect(actions).not.toContain('dynamodb:Scan');
  });

  it('open the SPA at /shared/audit/<token>: CloudFront rewrites it to /index.html for any secret', () => {
    const [fn] = Object.values(resources(template, 'AWS::CloudFront::Function'));
    const code = String(fn?.Properties.FunctionCode);
    // The function's own source, run as CloudFront's runtime would run it.
    const handler = runInNewContext(`${code}; handler`) as (event: { request: { uri: string } }) => {
      uri: string;
    };
    for (let i = 0; i < 200; i++) {
      const uri = `/shared/audit/12-${newToken().token}`;
      expect(handler({ request: { uri } }).uri, uri).toBe('/index.html');
      expect(handler({ request: { uri: `${uri}/pages` } }).uri).toBe('/index.html');
    }
  });
});
