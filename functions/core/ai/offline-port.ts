import type { AiPort } from './ai-port';

/**
 * The offline generator, for the embedded runtime only (about 2,800 lines no Lambda needs).
 * Lambda bundles are built with `process.env.LAMBDA_BUNDLE` defined as "1"
 * (infra/aws/constructs/app-function.ts), so esbuild folds this test and leaves the import, and
 * the generator with it, out of them (tests/infra/bundle.test.ts checks). A build-time constant,
 * not configuration: nothing at run time can switch a deployed function to invented answers.
 */
export async function offlineAdapter(): Promise<AiPort | undefined> {
  // The import inside a branch esbuild sees as constant-false, so it is never bundled.
  if (process.env.LAMBDA_BUNDLE !== '1') return (await import('./offline/offline-adapter')).offlineAdapter;
  return undefined;
}
