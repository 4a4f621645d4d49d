import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

export interface RuntimeProcess {
  url: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  tableName: string;
  sandboxOrigin: string;
  dataDir: string;
  /** The runtime's process id (benches read its CPU time). */
  pid: number;
  /** Where its output goes when the starter asked for a log file (runtime-log.ts reads it). */
  logFile?: string;
  /** A plain function (no `this`), so a caller may take it apart from the rest. */
  stop: () => Promise<void>;
  /** A power cut: SIGKILL to the runtime and everything it started (DynamoDB Local's JVM too). */
  crash: () => Promise<void>;
}

type Endpoints = Omit<RuntimeProcess, 'dataDir' | 'pid' | 'stop' | 'crash'>;

const root = resolve(import.meta.dirname, '../..');

/** Whether a process of the group still runs (zombies, dead and waiting to be reaped, do not count); Linux's /proc. */
function groupAlive(group: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return false;
  }
  return entries.some((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      // "pid (name) state ppid pgrp ...": the name may hold spaces, so read after its closing bracket.
      const [state, , pgrp] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(pgrp) === group && state !== 'Z';
    } catch {
      return false;
    }
  });
}

/** How a test's runtime differs from `npm start`'s. */
export interface RuntimeProcessOptions {
  dataDir?: string;
  env?: Record<string, string>;
  /**
   * A DynamoDB Local already running (the suite's): the runtime keeps its table there, named
   * after its data folder (a restart on the folder finds it again), instead of starting a JVM.
   * A power-cut test leaves it out: the JVM is part of what the cut takes down.
   */
  dynamoEndpoint?: string;
  /**
   * A file that gets everything the runtime prints, from its start to its end. Without one, only
   * what it prints until it is ready is kept (for the error when it fails to start).
   */
  logFile?: string;
}

/**
 * Starts `infra/local/main.ts` exactly as `npm start` does (less the web build), on free
 * ports, and waits for its ready lines. Tests talk to it over HTTP only.
 */
export async function startRuntimeProcess(options: RuntimeProcessOptions = {}): Promise<RuntimeProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'mkt-data-'));
  const sharedDynamo = options.dynamoEndpoint
    ? { DYNAMODB_LOCAL_ENDPOINT: options.dynamoEndpoint, TABLE_NAME: `marketing-app-${basename(dataDir)}` }
    : {};
  // BENCH_PROFILE=<dir> writes a V8 CPU profile of the runtime there when it stops (benches only).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
  // The run's bundle of the same entry when its global setup built one (runtime-bundle.ts).
  const bundle = process.env.RUNTIME_BUNDLE;
  const entry = bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', join(root, 'infra/local/main.ts')];
  const child: ChildProcess = spawn(process.execPath, [...profile, ...entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every test request comes from 127.0.0.1: per-client limits would count them as one user.
      RATE_LIMIT_CLIENT_SCALE: '1000',
      ...sharedDynamo,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, so a crash can take down the runtime with its children.
    detached: true,
  });
  let output = '';
  let ready = false;
  const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  const keep = (chunk: Buffer) => {
    log?.write(chunk);
    if (!ready) output += chunk.toString();
  };
  child.once('exit', () => log?.end());
  const lines = new Promise<Endpoints>((resolveReady, reject) => {
    const onData = (chunk: Buffer) => {
      keep(chunk);
      if (ready) return;
      const url = /App ready at (\S+)/.exec(output)?.[1];
      const [, dynamoEndpoint, tableName] = /DynamoDB Local: (\S+) \(table (\S+)\)/.exec(output) ?? [];
      const s3Endpoint = /S3 \(s3rver\):\s+(\S+)/.exec(output)?.[1];
      const sandboxOrigin = /sandbox OAuth:\s+(\S+)/.exec(output)?.[1];
      if (url && dynamoEndpoint && tableName && s3Endpoint && sandboxOrigin) {
        ready = true;
        resolveReady({ url, dynamoEndpoint, tableName, s3Endpoint, sandboxOrigin });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', keep);
    child.once('exit', (code) => reject(new Error(`runtime exited with ${code}:\n${output}`)));
    setTimeout(() => reject(new Error(`runtime did not start in 90 s:\n${output}`)), 90_000).unref();
  });
  const endpoints = await lines;
  return {
    ...endpoints,
    dataDir,
    pid: child.pid ?? 0,
    ...(options.logFile ? { logFile: options.logFile } : {}),
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => {
          if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
          done();
        });
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
    crash: async () => {
      const exited = new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) done();
        else child.once('exit', () => done());
      });
      process.kill(-(child.pid ?? 0), 'SIGKILL');
      await exited;
      // As after a power cut, nothing of the old runtime runs on when it restarts: the group's
      // children (DynamoDB Local's JVM above all, which may still be finishing a write to the
      // data folder) are gone too, not only the runtime's own process.
      for (let i = 0; i < 250 && groupAlive(child.pid ?? 0); i++) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
