import { createServer } from 'node:net';
import { randomInt } from 'node:crypto';

/** Below Linux's ephemeral range (32768–60999), so no outgoing connection holds one meanwhile. */
const LOW = 10_000;
const HIGH = 32_000;

/**
 * A free loopback port for a child that needs a number up front (DynamoDB Local). Picked
 * at random and tried: several runtimes starting at once (parallel test files) then rarely pick
 * the same one before their children bind it, as the OS's next-free answer made them do; the
 * children's starters still check that they got it.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = randomInt(LOW, HIGH);
    if (await isFree(port)) return port;
  }
  throw new Error('No free port found');
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
