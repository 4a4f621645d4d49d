import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Absolute paths from this file's location, not from `process.cwd()`: `cdk synth`, vitest and
 * an editor's "run" button start in different directories, and every one must bundle the same
 * entries with the same tsconfig and lock file.
 */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const paths = {
  repoRoot,
  // The Node project's config (it has the `@shared/*` paths esbuild resolves); the root
  // tsconfig.json is a solution file of project references.
  tsconfig: [join(repoRoot, 'tsconfig.node.json')].find((file) => existsSync(file)) ?? join(repoRoot, 'tsconfig.json'),
  lockFile: join(repoRoot, 'package-lock.json'),
  cdkJson: join(repoRoot, 'cdk.json'),
  webDist: join(repoRoot, 'web', 'dist'),
  apiEntry: (area: string) => join(repoRoot, 'functions', 'api', area, 'handler.ts'),
  workerEntry: (worker: string) => join(repoRoot, 'functions', 'workers', `${worker}.ts`),
  workflowAsl: (workflow: string) => join(repoRoot, 'infra', 'workflows', `${workflow}.asl.json`),
};
