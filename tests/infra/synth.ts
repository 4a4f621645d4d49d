import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildApp, type BuildAppOptions } from '../../infra/aws/build-app';
import type { AppFunction } from '../../infra/aws/constructs/app-function';
import type { MarketingStack } from '../../infra/aws/marketing-stack';

/** A whole-stack synth takes seconds, and longer on a loaded machine: hooks that synth get this. */
export const SYNTH_TIMEOUT = 120_000;

/** A web build directory that does not exist: the default synth has no SPA to deploy. */
export const NO_WEB_BUILD = join(tmpdir(), 'no-web-build-here');

type Synthesized = { stack: MarketingStack; template: Template };

/** The default stack, synthesized once per worker: the infra project runs unisolated, so its files share it. */
let defaultStack: Synthesized | undefined;

/**
 * Synthesizes the stack with bundling skipped (esbuild never runs) and returns its template.
 * The assembly goes to a temp dir removed at once: the template is all the tests read. With no
 * options it is the default stack, which tests only read, so every file of a worker shares one.
 */
export function synth(options: Omit<BuildAppOptions, 'bundle' | 'outdir'> = {}): Synthesized {
  if (Object.keys(options).length > 0) return synthOnce(options);
  defaultStack ??= synthOnce({});
  return defaultStack;
}

function synthOnce(options: Omit<BuildAppOptions, 'bundle' | 'outdir'>): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-test-'));
  try {
    const { stack } = buildApp({ bundle: false, webDist: NO_WEB_BUILD, outdir, ...options });
    return { stack, template: Template.fromStack(stack) };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

export const logicalId = (fn: AppFunction) => Stack.of(fn).getLogicalId(fn.fn.node.defaultChild as CfnFunction);

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };

export function resources(template: Template, type: string): Record<string, Resource> {
  return template.findResources(type) as Record<string, Resource>;
}

/**
 * CDK's own handlers: the AwsCustomResource provider (CloudFront's log delivery) and, with a web
 * build, BucketDeployment's. Their code, runtime and role are CDK's; the app's rules are for ours.
 */
const CDK_HANDLER_PREFIXES = ['AWS679f53fac002430cb0da5b7982bd2287', 'CustomCDKBucketDeployment'];
const isCdkHandler = (id: string) => CDK_HANDLER_PREFIXES.some((prefix) => id.startsWith(prefix));

/** The app's Lambda functions: one per area and per worker (tests/infra/marketing-stack.test.ts). */
export function appFunctions(template: Template): Record<string, Resource> {
  return Object.fromEntries(
    Object.entries(resources(template, 'AWS::Lambda::Function')).filter(([id]) => !isCdkHandler(id)),
  );
}

/** A template of the app's functions alone, for `allResourcesProperties` over them. */
export const appFunctionTemplate = (template: Template) => Template.fromJSON({ Resources: appFunctions(template) });

/** All IAM statements attached (through AWS::IAM::Policy) to the role of the given function. */
export function statementsOf(template: Template, functionId: string): any[] {
  const fn = template.toJSON().Resources[functionId];
  return statementsOfRole(template, fn.Properties.Role['Fn::GetAtt'][0]);
}

export function statementsOfRole(template: Template, roleId: string): any[] {
  return Object.values(resources(template, 'AWS::IAM::Policy'))
    .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}

export const actionsOf = (statement: { Action: string | string[] }) =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

/** Whether any statement of the function's role allows `action` on `resource` (statements may be merged). */
export function allows(template: Template, functionId: string, action: string, resource: unknown): boolean {
  return statementsOf(template, functionId).some(
    (s) =>
      actionsOf(s).includes(action) && [s.Resource].flat().some((r) => JSON.stringify(r) === JSON.stringify(resource)),
  );
}
