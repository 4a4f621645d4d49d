import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from '../../infra/local/free-port';

/**
 * moto's server (`pip install 'moto[server]'`): an AWS emulator written by others, to hold the
 * AWS adapters and our own fake to the same contract. CI and this machine have it on the PATH;
 * without it, the moto half of the contract suite is skipped with a message saying so.
 */
export interface Moto {
  endpoint: string;
  stop(): Promise<void>;
}

export const MOTO_MISSING =
  'moto_server is not on the PATH: the AWS adapters were not checked against moto (pip install "moto[server]" to run them)';

export const motoAvailable = (): boolean => spawnSync('moto_server', ['--help'], { stdio: 'ignore' }).status === 0;

export async function startMoto(timeoutMs = 30_000): Promise<Moto> {
  const port = await freePort();
  const child: ChildProcess = spawn('moto_server', ['-p', String(port), '-H', '127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`moto_server exited with ${child.exitCode}: ${stderr}`);
    try {
      // moto's own API answers once the server is up.
      if ((await fetch(`${endpoint}/moto-api/`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`moto_server did not answer on ${endpoint} within ${timeoutMs} ms: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    endpoint,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
