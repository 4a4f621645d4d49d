/**
 * `npm run check:deploy`: what must hold before `cdk deploy`, in one command, on the stack as
 * `cdk synth` makes it (web/dist when built): cdk-nag's AWS Solutions rules, cfn-lint (which
 * must be installed: `pip install cfn-lint`), and the template against CloudFormation's limits
 * (1 MB of template through S3, 500 resources, 200 outputs). Exits non-zero on any finding.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildApp, STACK_NAME } from './aws/build-app';

/** Harmless and CDK's own (see tests/infra/compliance.test.ts). */
const CFN_LINT_IGNORED = ['W3005'];
const LIMITS = { templateBytes: 1_000_000, resources: 500, outputs: 200 };

const dir = mkdtempSync(join(tmpdir(), 'predeploy-'));
const problems: string[] = [];
try {
  const { app, stack } = buildApp({ bundle: false, outdir: join(dir, 'cdk.out') });
  const report = new AwsSolutionsChecks(app).validateScope(stack);
  for (const v of report.violations)
    for (const r of v.violatingResources)
      problems.push(`cdk-nag ${v.ruleName} at ${r.constructPath ?? r.resourceLogicalId}: ${v.description}`);
  console.log(`cdk-nag: ${report.violations.length} rule(s) violated`);

  const assembly = app.synth();
  const templateFile = join(assembly.directory, assembly.getStackByName(STACK_NAME).templateFile);
  const bytes = statSync(templateFile).size;
  const template = JSON.parse(readFileSync(templateFile, 'utf8')) as {
    Resources?: Record<string, unknown>;
    Outputs?: Record<string, unknown>;
  };
  const resources = Object.keys(template.Resources ?? {}).length;
  const outputs = Object.keys(template.Outputs ?? {}).length;
  console.log(
    `template: ${bytes} bytes (limit ${LIMITS.templateBytes}), ${resources} resources (${LIMITS.resources}), ${outputs} outputs (${LIMITS.outputs})`,
  );
  if (bytes > LIMITS.templateBytes) problems.push(`template is ${bytes} bytes, over ${LIMITS.templateBytes}`);
  if (resources > LIMITS.resources) problems.push(`template has ${resources} resources, over ${LIMITS.resources}`);
  if (outputs > LIMITS.outputs) problems.push(`template has ${outputs} outputs, over ${LIMITS.outputs}`);

  const lint = spawnSync(
    'cfn-lint',
    ['--format', 'parseable', '--ignore-checks', ...CFN_LINT_IGNORED, '--', templateFile],
    {
      encoding: 'utf8',
    },
  );
  if (lint.error) problems.push('cfn-lint is not installed: pip install cfn-lint');
  else {
    const found = lint.stdout.trim().split('\n').filter(Boolean);
    problems.push(...found.map((line) => `cfn-lint ${line}`));
    console.log(`cfn-lint: ${found.length} finding(s)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
for (const p of problems) console.error(p);
console.log(problems.length ? `${problems.length} problem(s): do not deploy` : 'ready to deploy');
process.exit(problems.length ? 1 : 0);
