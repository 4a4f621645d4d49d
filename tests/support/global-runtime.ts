import type { TestProject } from 'vitest/node';
import { freePort } from '../../infra/local/free-port';
import { startRuntimeProcess, type RuntimeProcess } from './runtime';

declare module 'vitest' {
  export interface ProvidedContext {
    runtime: Omit<RuntimeProcess, 'stop'>;
    /** Loopback ports the runtime's safe fetcher may reach (FETCH_ALLOW): tests serve websites there. */
    sitePorts: number[];
  }
}

let runtime: RuntimeProcess | undefined;

/** One embedded runtime per suite, shared by its files; each test seeds its own users. */
export async function setup(project: TestProject) {
  const sitePorts: number[] = [];
  while (sitePorts.length < 4) {
    const port = await freePort();
    if (!sitePorts.includes(port)) sitePorts.push(port);
  }
  runtime = await startRuntimeProcess({ env: { FETCH_ALLOW: sitePorts.map((p) => `127.0.0.1:${p}`).join(',') } });
  const { stop: _stop, ...info } = runtime;
  project.provide('runtime', info);
  project.provide('sitePorts', sitePorts);
}

export async function teardown() {
  await runtime?.stop();
}
