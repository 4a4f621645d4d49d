import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Listens on loopback at `port` (the one a sandbox used before, so the links it gave out still
 * open); when that port is taken, on a new one. Any other failure to listen is thrown.
 */
export async function listenAgain(server: Server, port: number): Promise<number> {
  const attempt = (p: number) =>
    new Promise<void>((done, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => {
        server.off('error', reject);
        done();
      });
    });
  try {
    await attempt(port);
  } catch (error) {
    if (port === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await attempt(0);
  }
  return (server.address() as AddressInfo).port;
}
