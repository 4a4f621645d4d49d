import type { TestProject } from 'vitest/node';
import { startRuntimeProcess, type RuntimeProcess } from './runtime';

declare module 'vitest' {
  export interface ProvidedContext {
    runtime: Omit<RuntimeProcess, 'stop'>;
  }
}

let runtime: RuntimeProcess | undefined;

/** One embedded runtime per suite, shared by its files; each test seeds its own users. */
export async function setup(project: TestProject) {
  runtime = await startRuntimeProcess();
  const { stop: _stop, ...info } = runtime;
  project.provide('runtime', info);
}

export async function teardown() {
  await runtime?.stop();
}
