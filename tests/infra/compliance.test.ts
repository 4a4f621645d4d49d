import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import type { PolicyValidationPluginReport } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, STACK_NAME } from '../../infra/aws/build-app';
import { NO_WEB_BUILD, SYNTH_TIMEOUT } from './synth';

/**
 * Checked with tools no one here wrote: cdk-nag's AWS Solutions rules on the construct tree and
 * cfn-lint on the synthesized template. Every deliberate exception is acknowledged in the code
 * that makes it, with its reason (Validations.of(...).acknowledge), so both must find nothing.
 */

const findings = (report: PolicyValidationPluginReport) =>
  report.violations.flatMap((v) =>
    v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath ?? r.resourceLogicalId}: ${v.description}`),
  );

/** cdk-nag's own check of a construct tree, as `Validations.of(app).addPlugins(...)` runs it at synth. */
const nag = (app: App, stack: Stack) => findings(new AwsSolutionsChecks(app).validateScope(stack));

const CFN_LINT = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status === 0;
/**
 * W3005: CDK gives a function (and a state machine) a DependsOn on the role it also references
 * with GetAtt; the redundancy is CDK's, harmless, and not ours to remove.
 */
const CFN_LINT_IGNORED = ['W3005'];

function cfnLint(templateFile: string): { rule: string; level: string; message: string; path: unknown }[] {
  const out = spawnSync('cfn-lint', ['--format', 'json', '--ignore-checks', ...CFN_LINT_IGNORED, '--', templateFile], {
    encoding: 'utf8',
  });
  // Exit codes are a bit field of the levels found; the JSON list is the answer.
  if (!out.stdout.trim()) throw new Error(`cfn-lint printed nothing (exit ${out.status}): ${out.stderr}`);
  return (
    JSON.parse(out.stdout) as { Rule: { Id: string }; Level: string; Message: string; Location: { Path: unknown } }[]
  ).map((f) => ({ rule: f.Rule.Id, level: f.Level, message: f.Message, path: f.Location.Path }));
}

const variants = {
  /** What the assertion tests synthesize: no web build, CloudFront's own domain. */
  minimal: { webDist: NO_WEB_BUILD, context: {} },
  /** A production deploy: the SPA uploaded, a custom domain with its certificate, alarm mail. */
  production: {
    webDist: '',
    context: {
      domainName: 'app.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-aaaa-bbbb-cccc-0123456789ab',
      alarmEmail: 'ops@example.com',
    },
  },
};

describe.each(Object.entries(variants))('the %s stack', (name, variant) => {
  const dir = mkdtempSync(join(tmpdir(), `cdk-compliance-${name}-`));
  let app: App;
  let stack: Stack;
  let templateFile: string;

  beforeAll(() => {
    let webDist = variant.webDist;
    if (!webDist) {
      webDist = join(dir, 'web');
      mkdirSync(join(webDist, 'assets'), { recursive: true });
      writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
      writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    }
    ({ app, stack } = buildApp({ bundle: false, webDist, outdir: join(dir, 'cdk.out'), context: variant.context }));
    const assembly = app.synth();
    templateFile = join(assembly.directory, assembly.getStackByName(STACK_NAME).templateFile);
  }, SYNTH_TIMEOUT);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has no unacknowledged cdk-nag AwsSolutions finding', () => {
    expect(nag(app, stack)).toEqual([]);
  });

  it.skipIf(!CFN_LINT)('passes cfn-lint (install it with `pip install cfn-lint` if this is skipped)', () => {
    expect(cfnLint(templateFile)).toEqual([]);
  });

  it('holds its deployment-specific parts (the checks above saw them)', () => {
    const template = JSON.parse(readFileSync(templateFile, 'utf8')) as { Resources: Record<string, { Type: string }> };
    const types = Object.values(template.Resources).map((r) => r.Type);
    expect(types.includes('Custom::CDKBucketDeployment'), 'web build uploaded').toBe(name === 'production');
    expect(types.includes('AWS::SNS::Subscription'), 'alarm mail').toBe(name === 'production');
  });
});

describe('the checkers themselves', () => {
  it('cdk-nag reports an unprotected bucket and an acknowledgment-free wildcard', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'cdk-nag-probe-'));
    try {
      const app = new App({ outdir });
      const stack = new Stack(app, 'Probe');
      new s3.Bucket(stack, 'Loose');
      const found = nag(app, stack);
      expect(found.some((f) => f.startsWith('AwsSolutions-S1 '))).toBe(true);
      expect(found.some((f) => f.startsWith('AwsSolutions-S10 '))).toBe(true);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it.skipIf(!CFN_LINT)('cfn-lint reports a template error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfn-lint-probe-'));
    try {
      const file = join(dir, 'bad.template.json');
      writeFileSync(
        file,
        JSON.stringify({ Resources: { Table: { Type: 'AWS::DynamoDB::Table', Properties: { BillingMode: 'FREE' } } } }),
      );
      expect(cfnLint(file).some((f) => f.level === 'Error')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
