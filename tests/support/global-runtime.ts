import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../infra/local/free-port';
import { realWordPressMissing, startRealWordPress, type RealWordPress, type RealWordPressInfo } from './real-wordpress';
import { startRuntimeProcess, type RuntimeProcess } from './runtime';
import { buildRuntimeBundle } from './runtime-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    runtime: Omit<RuntimeProcess, 'stop' | 'crash'>;
    /** Loopback ports the runtime's safe fetcher may reach (FETCH_ALLOW): tests serve websites there. */
    sitePorts: number[];
    /** The real WordPress of the run (integration only), or why there is none. */
    realWordPress: RealWordPressInfo | { missing: string };
  }
}

/**
 * Which runtime a project gets. The timing project measures how long answers take, so its
 * runtime hashes passwords at full cost; every other suite shares one runtime whose new hashes
 * are cheap (each hash stores its cost: PASSWORD_HASH_LOG2_N in functions/core/config.ts).
 */
const profileOf = (project: TestProject) => (project.name === 'timing' ? 'full-cost' : 'shared');
const PROFILE_ENV: Record<string, Record<string, string>> = {
  shared: {
    PASSWORD_HASH_LOG2_N: '10',
    WORKFLOW_TIME_SCALE: '0.05',
    // Sweeps every 15 s rather than every 3 s: about 500 fewer table queries a minute over the
    // run, and a lost start or a dead run is still taken back well inside a test's wait.
    SWEEP_TIME_SCALE: '0.25',
    TABLE_WRITE_GROUPING: 'off',
    // A connect's first report collection a day on, not during other files' tests (they fire it themselves).
    METRICS_FIRST_RUN_DELAY_SECONDS: '86400',
  },
  'full-cost': {},
};

interface Started {
  runtime: RuntimeProcess;
  sitePorts: number[];
  users: number;
}

/**
 * Global setups of all projects run in Vitest's main process, one after another: a registry on
 * globalThis lets the integration and browser projects share one runtime, stopped by the last.
 */
const registry = ((globalThis as { __suiteRuntimes?: Map<string, Promise<Started>> }).__suiteRuntimes ??= new Map());

/**
 * The real WordPress (tests/support/real-wordpress.ts), once per run and for the integration
 * project only, started beside the runtime. Its two sites' ports are picked first, so the
 * runtime's safe fetcher may reach them.
 */
const wordpress = ((globalThis as { __suiteWordPress?: WordPressEntry }).__suiteWordPress ??= {});
interface WordPressEntry {
  ports?: Promise<{ main: number; permalinks: number }>;
  started?: Promise<RealWordPress>;
}
const wordpressPorts = () =>
  (wordpress.ports ??= (async () => {
    const main = await freePort();
    let permalinks = await freePort();
    while (permalinks === main) permalinks = await freePort();
    return { main, permalinks };
  })());

async function realWordPress(): Promise<RealWordPressInfo | { missing: string }> {
  const missing = realWordPressMissing();
  if (missing) return { missing };
  const ports = await wordpressPorts();
  wordpress.started ??= startRealWordPress({ ports }).then((started) => {
    console.log(`Real WordPress ${started.version}: two sites started in ${(started.startedInMs / 1000).toFixed(1)} s`);
    return started;
  });
  const { stop: _stop, ...info } = await wordpress.started;
  return info;
}

async function start(profile: string): Promise<Started> {
  const { main, permalinks } = await wordpressPorts();
  const sitePorts: number[] = [];
  while (sitePorts.length < 8) {
    const port = await freePort();
    if (!sitePorts.includes(port) && port !== main && port !== permalinks) sitePorts.push(port);
  }
  // Its log, kept for the run: a test that meets a 500 shows the runtime's lines for it (runtime-log.ts).
  mkdirSync('test-results', { recursive: true });
  const logFile = resolve('test-results', `runtime-${profile}.log`);
  writeFileSync(logFile, '');
  const runtime = await startRuntimeProcess({
    logFile,
    env: {
      FETCH_ALLOW: [...sitePorts, main, permalinks].map((p) => `127.0.0.1:${p}`).join(','),
      ...PROFILE_ENV[profile],
    },
  });
  return { runtime, sitePorts, users: 0 };
}

/**
 * The runtime bundle (runtime-bundle.ts), built once per Vitest run before any runtime starts.
 * Named in the environment, which the test workers inherit, so the runtimes files start of their
 * own run it too.
 */
const bundled = globalThis as { __runtimeBundle?: Promise<void> };
const useRuntimeBundle = () =>
  (bundled.__runtimeBundle ??= buildRuntimeBundle().then((path) => {
    process.env.RUNTIME_BUNDLE = path;
  }));

/** One embedded runtime per profile, shared by the files of every project that uses it; each test seeds its own users. */
export async function setup(project: TestProject) {
  await useRuntimeBundle();
  const profile = profileOf(project);
  let entry = registry.get(profile);
  if (!entry) {
    entry = start(profile);
    registry.set(profile, entry);
  }
  const withWordPress = project.name === 'integration';
  const site = withWordPress
    ? realWordPress()
    : Promise.resolve({ missing: 'The real WordPress runs for the integration project only.' });
  // Awaited below; a runtime that fails first must not leave this rejection unheard.
  site.catch(() => undefined);
  const started = await entry;
  started.users++;
  const { stop: _stop, crash: _crash, ...info } = started.runtime;
  project.provide('runtime', info);
  project.provide('sitePorts', started.sitePorts);
  const teardown = async () => {
    // Only the project that started WordPress stops it: another project's teardown, which may come
    // first, must not drop the handle (the processes then outlived the run and held Vitest open).
    if (withWordPress) {
      const running = wordpress.started;
      wordpress.started = undefined;
      await running?.then((w) => w.stop()).catch(() => undefined);
    }
    if (--started.users > 0) return;
    registry.delete(profile);
    await started.runtime.stop();
  };
  try {
    project.provide('realWordPress', await site);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
