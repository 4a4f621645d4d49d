import { readFileSync } from 'node:fs';
import { App, Tags } from 'aws-cdk-lib';
import { MarketingStack, type MarketingStackProps } from './marketing-stack';
import { paths } from './paths';
import { readSettings } from './settings';

export interface BuildAppOptions {
  /** false: skip esbuild (assertion tests); true: bundle like `cdk synth` does. */
  bundle: boolean;
  /** Extra context, as `-c key=value` would give (appOrigin, mailFrom, featureFlags). */
  context?: Record<string, unknown>;
  /** Where to synthesize; default: a fresh temp dir (or the CLI's cdk.out under `cdk`). */
  outdir?: string;
  /** SPA build directory; default web/dist. */
  webDist?: string;
  /** Replaces the areas' grant declarations (tests of the grant vocabulary). */
  areaGrants?: MarketingStackProps['areaGrants'];
}

export const STACK_NAME = 'MarketingAutomation';

/**
 * Builds the CDK app. The `cdk` CLI passes cdk.json's context itself; tests do not run the
 * CLI, so cdk.json's feature flags are applied here too (lowest precedence), and tests see
 * exactly the template `cdk synth` produces.
 */
export function buildApp(options: BuildAppOptions) {
  const context: Record<string, unknown> = { ...cdkJsonContext(), ...options.context };
  // The CLI decides what to bundle when it runs the app; only override when asked not to.
  if (!options.bundle) context['aws:cdk:bundling-stacks'] = [];
  const app = new App({ context, outdir: options.outdir });
  const stack = new MarketingStack(app, STACK_NAME, {
    description: 'Marketing automation: SPA on CloudFront, HTTP API + Lambda, DynamoDB, Step Functions',
    settings: readSettings(app),
    webDist: options.webDist,
    areaGrants: options.areaGrants,
  });
  Tags.of(app).add('project', 'marketing-automation');
  return { app, stack };
}

function cdkJsonContext(): Record<string, unknown> {
  const json = JSON.parse(readFileSync(paths.cdkJson, 'utf8')) as { context?: Record<string, unknown> };
  return json.context ?? {};
}
