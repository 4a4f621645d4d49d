import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequestListener } from '../../infra/local/http-server';

/**
 * The embedded runtime serves web/dist while `npm run build:web` may rewrite it: a rebuild
 * must be served as it lands, and a file it deleted must never crash the process.
 */
describe('local web server across rebuilds', () => {
  let server: Server | undefined;
  afterEach(() => {
    delete process.env.APP_ORIGIN;
    return new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  });

  function build(dir: string, name: string, body: string) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'assets', name), body);
    // A later mtime than the last build's, as a real rebuild has.
    writeFileSync(join(dir, 'index.html'), `<!doctype html><script src="/assets/${name}"></script>`);
  }

  async function start(webDist: string): Promise<string> {
    const started = createServer(createRequestListener({ handlers: new Map(), webDist }));
    server = started;
    await new Promise<void>((ready) => started.listen(0, '127.0.0.1', ready));
    const origin = `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
    process.env.APP_ORIGIN = origin;
    return origin;
  }

  it('serves the new build after a rebuild, and answers (not crashes) for a file the rebuild removed', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'web-dist-')), 'dist');
    build(dir, 'app-1.js', 'first');
    const origin = await start(dir);
    expect(await (await fetch(`${origin}/assets/app-1.js`)).text()).toBe('first');

    await new Promise((r) => setTimeout(r, 20));
    build(dir, 'app-2.js', 'second');
    const gone = await fetch(`${origin}/assets/app-1.js`);
    expect(gone.status).toBe(404);
    expect(await (await fetch(`${origin}/assets/app-2.js`)).text()).toBe('second');
  });

  it('says the app is not built while a build has emptied the folder', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'web-dist-')), 'dist');
    const origin = await start(dir);
    const answer = await fetch(`${origin}/calendar`);
    expect(answer.status).toBe(503);
    build(dir, 'app-1.js', 'first');
    expect((await fetch(`${origin}/calendar`)).status).toBe(200);
  });

  it('moves a page opened at another name of the machine to the app origin, so mails and session agree', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'web-dist-')), 'dist');
    build(dir, 'app-1.js', 'first');
    const loopback = await start(dir);
    const port = new URL(loopback).port;
    process.env.APP_ORIGIN = `http://localhost:${port}`;
    const moved = await fetch(`${loopback}/auth/invite/abc?x=1`, { redirect: 'manual' });
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe(`http://localhost:${port}/auth/invite/abc?x=1`);
    // At the app origin the page is served; API calls are never redirected.
    expect((await fetch(`http://localhost:${port}/calendar`)).status).toBe(200);
    expect((await fetch(`${loopback}/api/nothing`, { redirect: 'manual' })).status).toBe(404);
  });
});
