import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { isIP, type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Agent, buildConnector } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../functions/core/errors';
import { isLoopback } from '../../functions/core/net/address-policy';
import { createPinnedConnector } from '../../functions/core/net/pinned-connector';
import { CappedBody } from '../../functions/core/net/response-body';
import {
  createSafeAgent,
  FetchRefusedError,
  fetchMessages,
  safeFetch,
  type Lookup,
  type SafeAgent,
  type SafeAgentOptions,
} from '../../functions/core/net';

/**
 * The safe fetcher against loopback servers started here. Names ("public.example") resolve
 * through an injected lookup, never real DNS, and every agent dials through a guard that
 * refuses any non-loopback address and records it: if the fetcher ever tried to connect
 * somewhere it should not, the test sees it and no packet leaves the machine.
 */

let dialled: string[] = [];
const agents: SafeAgent[] = [];
const servers: Server[] = [];

function guardedAgent(options: Omit<SafeAgentOptions, 'dial'> & { ca?: string } = {}): SafeAgent {
  const { ca, ...rest } = options;
  const realDial = buildConnector({ timeout: 2_000, ...(ca ? { ca } : {}) });
  const agent = createSafeAgent({
    ...rest,
    dial: (connectOptions, callback) => {
      dialled.push(connectOptions.hostname);
      if (!isLoopback(connectOptions.hostname)) {
        callback(new Error(`test guard: refused to dial ${connectOptions.hostname}`), null);
        return;
      }
      realDial(connectOptions, callback);
    },
  });
  agents.push(agent);
  return agent;
}

/** A lookup that answers from a table and counts its calls. */
function fakeDns(table: Record<string, string | string[] | (() => string)>) {
  const calls: string[] = [];
  const lookup: Lookup = async (hostname) => {
    calls.push(hostname);
    const entry = table[hostname];
    if (entry === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const answers = typeof entry === 'function' ? [entry()] : Array.isArray(entry) ? entry : [entry];
    return answers.map((address) => ({ address, family: isIP(address) }));
  };
  return { lookup, calls };
}

interface TestServer {
  port: number;
  url: (path?: string) => string;
  requests: IncomingMessage[];
  connections: () => number;
  server: Server;
}

async function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  host = '127.0.0.1',
): Promise<TestServer> {
  const requests: IncomingMessage[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/') => `http://${host}:${port}${path}`,
    requests,
    connections: () => connections,
    server,
  };
}

function allow(...entries: string[]) {
  process.env.FETCH_ALLOW = entries.join(',');
}

async function refusal(promise: Promise<unknown>): Promise<FetchRefusedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the fetch should have been refused').toBeInstanceOf(FetchRefusedError);
  return error as FetchRefusedError;
}

const text =
  (body: string): RequestListener =>
  (_req, res) =>
    res.end(body);

afterEach(async () => {
  delete process.env.FETCH_ALLOW;
  dialled = [];
  await Promise.all(agents.splice(0).map((agent) => agent.destroy()));
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

describe('contract: the refused addresses of the issue, each with its sentence', () => {
  const { lookup } = fakeDns({ 'public.example': '10.0.0.5', 'loopback.example': '127.0.0.1' });

  it.each([
    ['http://127.0.0.1/', 'private-address', fetchMessages.privateAddress],
    ['http://[::1]/', 'private-address', fetchMessages.privateAddress],
    ['http://169.254.169.254/', 'private-address', fetchMessages.privateAddress],
    ['http://[::ffff:127.0.0.1]/', 'private-address', fetchMessages.privateAddress],
    ['http://public.example/', 'private-address', fetchMessages.privateAddress],
    ['http://loopback.example/', 'private-address', fetchMessages.privateAddress],
    ['http://user:pass@host/', 'credentials', fetchMessages.credentials],
    ['file:///etc/passwd', 'scheme', fetchMessages.scheme],
  ])('%s is refused: %s', async (input, reason, message) => {
    const error = await refusal(safeFetch(input, { dispatcher: guardedAgent({ lookup }) }));
    expect(error).toBeInstanceOf(DomainError);
    expect(error.kind).toBe('invalid');
    expect(error.reason).toBe(reason);
    expect(error.message).toBe(message);
    expect(error.refusedByPolicy).toBe(true);
    expect(dialled).toEqual([]);
  });

  it('a redirect to a private address is refused before it is followed', async () => {
    const inner = await serve(text('secret'));
    const { lookup } = fakeDns({ 'public.example': '10.0.0.5' });
    const targets: Record<string, string> = {
      '/to-loopback': inner.url('/admin'),
      '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
      '/to-mapped': `http://[::ffff:7f00:1]:${inner.port}/`,
      '/to-name': 'http://public.example/',
      '/to-file': 'file:///etc/passwd',
      '/to-credentials': 'http://user:pass@example.com/',
    };
    const outer = await serve((req, res) => {
      res.writeHead(302, { location: targets[req.url ?? '/'] }).end();
    });
    allow(`127.0.0.1:${outer.port}`); // the first hop only
    const dispatcher = guardedAgent({ lookup });

    const reasons: Record<string, string> = {};
    for (const path of Object.keys(targets)) {
      const error = await refusal(safeFetch(outer.url(path), { dispatcher }));
      reasons[path] = `${error.reason}: ${error.message}`;
    }
    expect(reasons).toEqual({
      '/to-loopback': `private-address: ${fetchMessages.privateAddress}`,
      '/to-metadata': `private-address: ${fetchMessages.privateAddress}`,
      '/to-mapped': `private-address: ${fetchMessages.privateAddress}`,
      '/to-name': `private-address: ${fetchMessages.privateAddress}`,
      '/to-file': `scheme: ${fetchMessages.scheme}`,
      '/to-credentials': `credentials: ${fetchMessages.credentials}`,
    });
    expect(inner.requests).toHaveLength(0);
    expect(dialled.every((address) => address === '127.0.0.1')).toBe(true);
  });
});

describe('FETCH_ALLOW opens listed loopback host:port pairs only', () => {
  it('fetches a listed loopback server', async () => {
    const server = await serve(text('hello from loopback'));
    allow(`127.0.0.1:${server.port}`);
    const response = await safeFetch(server.url('/page?x=1'), { dispatcher: guardedAgent() });
    expect(response.status).toBe(200);
    expect(response.url).toBe(server.url('/page?x=1'));
    expect(await response.text()).toBe('hello from loopback');
    expect(server.requests[0]!.url).toBe('/page?x=1');
  });

  it('reaches localhost through the system resolver when localhost:port is listed', async () => {
    const server = await serve(text('via localhost'));
    allow(`localhost:${server.port}`);
    const response = await safeFetch(`http://localhost:${server.port}/`, { dispatcher: guardedAgent() });
    expect(await response.text()).toBe('via localhost');
    expect(server.requests[0]!.headers.host).toBe(`localhost:${server.port}`);
  });

  it('keeps other ports, and the same port under another name, closed', async () => {
    const listed = await serve(text('listed'));
    const other = await serve(text('other'));
    allow(`127.0.0.1:${listed.port}`);
    const { lookup } = fakeDns({ 'alias.example': '127.0.0.1' });
    const dispatcher = guardedAgent({ lookup });
    expect((await refusal(safeFetch(other.url(), { dispatcher }))).reason).toBe('private-address');
    expect((await refusal(safeFetch(`http://alias.example:${listed.port}/`, { dispatcher }))).reason).toBe(
      'private-address',
    );
    expect((await refusal(safeFetch(`http://127.0.0.1/`, { dispatcher }))).reason).toBe('private-address');
    expect(other.requests).toHaveLength(0);
    expect(listed.requests).toHaveLength(0);
  });

  it('never opens a listed name that resolves to a private non-loopback address', async () => {
    const { lookup } = fakeDns({ 'lan.example': '192.168.1.20' });
    allow('lan.example:80', '10.0.0.5:80');
    const dispatcher = guardedAgent({ lookup });
    expect((await refusal(safeFetch('http://lan.example/', { dispatcher }))).reason).toBe('private-address');
    expect((await refusal(safeFetch('http://10.0.0.5/', { dispatcher }))).reason).toBe('private-address');
    expect(dialled).toEqual([]);
  });
});

describe('names are resolved once, checked, and the connection pinned to the checked address', () => {
  it('refuses a name when any of its answers is private, without dialling any', async () => {
    const { lookup } = fakeDns({
      'mixed.example': ['93.184.216.34', '10.0.0.5'],
      'v6.example': ['2606:4700::1', 'fd00::1'],
    });
    const dispatcher = guardedAgent({ lookup });
    expect((await refusal(safeFetch('https://mixed.example/', { dispatcher }))).reason).toBe('private-address');
    expect((await refusal(safeFetch('https://v6.example/', { dispatcher }))).reason).toBe('private-address');
    expect(dialled).toEqual([]);
  });

  it('rebinding: the connector dials the address it checked, and checks again for the next connection', async () => {
    const answers = ['93.184.216.34', '10.0.0.5'];
    const { lookup, calls } = fakeDns({ 'rebind.example': () => answers.shift() ?? '127.0.0.1' });
    const dials: { hostname: string; servername?: string; port: string }[] = [];
    // The socket layer is replaced here so that nothing is sent to the public address.
    const connector = createPinnedConnector({
      lookup,
      dial: (options, callback) => {
        dials.push({ hostname: options.hostname, servername: options.servername, port: options.port });
        callback(new Error('not dialled in this test'), null);
      },
    });
    const connect = () =>
      new Promise<Error | null>((resolve) =>
        // undici's callback is (null, socket) or (error, null): the first argument is the outcome.
        connector({ hostname: 'rebind.example', host: 'rebind.example', protocol: 'https:', port: '' }, (...result) =>
          resolve(result[0]),
        ),
      );

    expect((await connect())?.message).toBe('not dialled in this test');
    expect(dials).toEqual([{ hostname: '93.184.216.34', servername: 'rebind.example', port: '' }]);
    expect(calls).toEqual(['rebind.example']);

    const second = await connect();
    expect(second).toBeInstanceOf(FetchRefusedError);
    expect((second as FetchRefusedError).reason).toBe('private-address');
    expect(dials).toHaveLength(1);
    expect(calls).toEqual(['rebind.example', 'rebind.example']);
  });

  it('rebinding end to end: keep-alive reuses the checked connection; a new one is checked anew', async () => {
    const server = await serve(text('ok'));
    allow(`rebind.test:${server.port}`);
    const answers = ['127.0.0.1'];
    const { lookup, calls } = fakeDns({ 'rebind.test': () => answers.shift() ?? '10.0.0.5' });
    // One connection per origin, so reuse is certain (undici may open a second one when requests follow closely).
    const dispatcher = guardedAgent({ lookup, connections: 1 });
    for (let i = 0; i < 5; i++) {
      const response = await safeFetch(`http://rebind.test:${server.port}/${i}`, { dispatcher });
      expect(await response.text()).toBe('ok');
    }
    expect(calls).toHaveLength(1);
    expect(server.connections()).toBe(1);
    expect(server.requests.map((req) => req.headers.host)).toEqual(Array(5).fill(`rebind.test:${server.port}`));

    server.server.closeAllConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const error = await refusal(safeFetch(`http://rebind.test:${server.port}/again`, { dispatcher }));
    expect(error.reason).toBe('private-address');
    expect(calls).toHaveLength(2);
    expect(dialled).toEqual(['127.0.0.1']);
  });
});

describe('size cap', () => {
  it('cuts off a body without Content-Length once it passes maxBytes', async () => {
    let sent = 0;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const write = () => {
        while (sent < 50 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        res.end();
      };
      write();
    });
    allow(`127.0.0.1:${server.port}`);
    const response = await safeFetch(server.url(), { dispatcher: guardedAgent(), maxBytes: 64 * 1024 });
    const error = await refusal(response.text());
    expect(error.reason).toBe('too-large');
    expect(error.message).toBe('The page is larger than 64 KB.');
    expect(error.refusedByPolicy).toBe(false);
    expect(sent).toBeLessThan(10 * 1024 * 1024);
  });

  it('refuses a declared Content-Length over the cap before reading, in the words of a file', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(30 * 1024 * 1024) });
      res.write(Buffer.alloc(1024));
    });
    allow(`127.0.0.1:${server.port}`);
    const error = await refusal(
      safeFetch(server.url('/photo.jpg'), { dispatcher: guardedAgent(), maxBytes: 20 * 1024 * 1024, resource: 'file' }),
    );
    expect(error.message).toBe('The file is larger than 20 MB.');
  });

  it('counts decoded bytes: a small gzip that inflates past the cap is cut off', async () => {
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const server = await serve((_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb));
    allow(`127.0.0.1:${server.port}`);
    const response = await safeFetch(server.url(), { dispatcher: guardedAgent(), maxBytes: 1024 * 1024 });
    const error = await refusal(response.buffer());
    expect(error.message).toBe('The page is larger than 1 MB.');
  });

  it('decodes gzip and br, asks for them, and lets a body of exactly maxBytes through', async () => {
    const json = JSON.stringify({ name: 'Acme', routes: ['/wp/v2'] });
    const server = await serve((req, res) => {
      if (req.url === '/gz')
        return void res
          .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
          .end(gzipSync(json));
      if (req.url === '/br')
        return void res
          .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' })
          .end(brotliCompressSync(json));
      res.end(Buffer.alloc(1000, 'x'));
    });
    allow(`127.0.0.1:${server.port}`);
    const dispatcher = guardedAgent();
    const gz = await safeFetch(server.url('/gz'), { dispatcher });
    expect(gz.contentType).toBe('application/json');
    expect(await gz.json()).toEqual({ name: 'Acme', routes: ['/wp/v2'] });
    expect(await (await safeFetch(server.url('/br'), { dispatcher })).json()).toEqual({
      name: 'Acme',
      routes: ['/wp/v2'],
    });
    expect(server.requests[0]!.headers['accept-encoding']).toBe('gzip, deflate, br');
    expect((await (await safeFetch(server.url('/exact'), { dispatcher, maxBytes: 1000 })).buffer()).length).toBe(1000);
  });

  it('streams the body for callers that do not buffer', async () => {
    const server = await serve((_req, res) => {
      res.write('one,');
      setTimeout(() => res.end('two'), 20);
    });
    allow(`127.0.0.1:${server.port}`);
    const response = await safeFetch(server.url(), { dispatcher: guardedAgent() });
    const chunks: string[] = [];
    for await (const chunk of response.body) chunks.push(String(chunk));
    expect(chunks.join('')).toBe('one,two');
    expect(chunks.length).toBeGreaterThan(1);
  });

  it('a streamed body meets the same cap, decoded, with the same sentence', async () => {
    const server = await serve((_req, res) =>
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(4 * 1024 * 1024, 'z'))),
    );
    allow(`127.0.0.1:${server.port}`);
    const response = await safeFetch(server.url(), { dispatcher: guardedAgent(), maxBytes: 256 * 1024 });
    let streamed = 0;
    const error = await refusal(
      (async () => {
        for await (const chunk of response.body) streamed += (chunk as Buffer).length;
      })(),
    );
    expect(error.message).toBe('The page is larger than 256 KB.');
    expect(streamed).toBeLessThanOrEqual(256 * 1024);
    expect(streamed).toBeGreaterThan(0);
  });
});

describe('reading a body chunk by chunk', () => {
  const options = {
    maxBytes: 1024,
    decompress: true,
    resource: 'page' as const,
    expired: () => false,
    explain: (e: unknown) => e,
  };

  it('hands each chunk over and leaves no listener behind to keep what the reader holds', async () => {
    for (const encoding of [undefined, 'gzip']) {
      const raw = new PassThrough();
      const body = new CappedBody(raw, encoding, options);
      const read: Buffer[] = [];
      const done = body.consume((chunk) => read.push(chunk));
      raw.end(encoding ? gzipSync('<p>hello</p>') : '<p>hello</p>');
      await done;
      expect(Buffer.concat(read).toString()).toBe('<p>hello</p>');
      // The stream lives on in the pool after the read: only a listener that holds nothing may stay.
      expect(raw.listenerCount('data') + raw.listenerCount('end') + raw.listenerCount('close')).toBeLessThanOrEqual(
        encoding ? 3 : 0,
      );
      expect(raw.listeners('error').every((listener) => listener.length === 0)).toBe(true);
    }
  });

  it('stops at the cap with the sentence, and a reader that throws ends the read with its own error', async () => {
    const raw = new PassThrough();
    const done = new CappedBody(raw, undefined, options).consume(() => {});
    raw.end(Buffer.alloc(2048, 'a'));
    expect((await refusal(done)).message).toBe('The page is larger than 1 KB.');
    const second = new PassThrough();
    const thrown = new CappedBody(second, undefined, options).consume(() => {
      throw new Error('the parser broke');
    });
    second.end('x');
    await expect(thrown).rejects.toThrow('the parser broke');
    expect(second.destroyed).toBe(true);
  });
});

describe('time-outs', () => {
  it('a site that never answers', async () => {
    const server = await serve(() => {});
    allow(`127.0.0.1:${server.port}`);
    const started = Date.now();
    const error = await refusal(safeFetch(server.url(), { dispatcher: guardedAgent(), timeoutMs: 300 }));
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('The site did not answer in time.');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a body that stalls half way', async () => {
    const server = await serve((_req, res) => res.writeHead(200).write('<html>'));
    allow(`127.0.0.1:${server.port}`);
    const response = await safeFetch(server.url(), { dispatcher: guardedAgent(), timeoutMs: 300 });
    expect((await refusal(response.text())).message).toBe(fetchMessages.timeout);
  });

  it('a DNS answer that never comes', async () => {
    const lookup: Lookup = () => new Promise(() => {});
    const error = await refusal(
      safeFetch('http://slow.example/', { dispatcher: guardedAgent({ lookup, connectTimeoutMs: 200 }) }),
    );
    expect(error.reason).toBe('timeout');
  });

  it("the caller's own abort stays the caller's", async () => {
    const server = await serve(() => {});
    allow(`127.0.0.1:${server.port}`);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user left')), 50);
    const error = await safeFetch(server.url(), { dispatcher: guardedAgent(), signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(error).toEqual(new Error('user left'));
  });
});

describe('redirects', () => {
  it('follows a chain hop by hop and reports it', async () => {
    const server = await serve((req, res) => {
      const hop = Number(req.url?.slice(1));
      if (hop < 3) return void res.writeHead(hop === 0 ? 301 : 302, { location: `/${hop + 1}` }).end('moved');
      res.end('arrived');
    });
    allow(`127.0.0.1:${server.port}`);
    const response = await safeFetch(server.url('/0'), { dispatcher: guardedAgent() });
    expect(await response.text()).toBe('arrived');
    expect(response.url).toBe(server.url('/3'));
    expect(response.redirects).toEqual([
      { url: server.url('/0'), status: 301, location: server.url('/1') },
      { url: server.url('/1'), status: 302, location: server.url('/2') },
      { url: server.url('/2'), status: 302, location: server.url('/3') },
    ]);
  });

  it('stops an endless loop after the limit', async () => {
    const server = await serve((req, res) => res.writeHead(302, { location: `${req.url}x` }).end());
    allow(`127.0.0.1:${server.port}`);
    const dispatcher = guardedAgent();
    const error = await refusal(safeFetch(server.url('/'), { dispatcher }));
    expect(error.reason).toBe('too-many-redirects');
    expect(error.message).toBe('The site redirected too many times.');
    expect(server.requests).toHaveLength(6); // the first request and five hops
    await refusal(safeFetch(server.url('/'), { dispatcher, maxRedirects: 0 }));
    expect(server.requests).toHaveLength(7);
  });

  it('hands the redirect back unfollowed when asked (a crawler records chains itself)', async () => {
    const server = await serve((_req, res) => {
      // the page of the redirect comes after its headers, so cancel() has to read it off
      res.writeHead(308, { location: '/new?a=1' }).flushHeaders();
      setTimeout(() => res.end('moved'), 30);
    });
    allow(`127.0.0.1:${server.port}`);
    const dispatcher = guardedAgent({ connections: 1 });
    const response = await safeFetch(server.url('/old'), { dispatcher, followRedirects: false });
    expect(response.status).toBe(308);
    expect(response.location).toBe(server.url('/new?a=1'));
    expect(response.redirects).toEqual([]);
    await response.cancel();
    expect(server.requests).toHaveLength(1);
    // cancel() drained the small body, so the next request of the crawl rides the same connection
    await (await safeFetch(server.url('/older'), { dispatcher, followRedirects: false })).cancel();
    expect(server.connections()).toBe(1);
  });

  it('a Location that is not an address: a sentence when following, no location when not', async () => {
    const server = await serve((_req, res) => res.writeHead(302, { location: 'http://[broken' }).end());
    allow(`127.0.0.1:${server.port}`);
    const dispatcher = guardedAgent();
    const error = await refusal(safeFetch(server.url(), { dispatcher }));
    expect(error.reason).toBe('bad-response');
    expect(error.message).toBe('127.0.0.1 sent an answer we could not read.');
    const unfollowed = await safeFetch(server.url(), { dispatcher, followRedirects: false });
    expect(unfollowed.status).toBe(302);
    expect(unfollowed.location).toBeUndefined();
    await unfollowed.cancel();
  });

  it('303 and a POST after 301/302 become GET without a body; 307 and 308 keep both', async () => {
    const seen: string[] = [];
    const server = await serve((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += String(chunk)));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${body} ${req.headers['content-type'] ?? '-'}`);
        const status = Number(req.url?.slice(1));
        if (status >= 300) return void res.writeHead(status, { location: '/done' }).end();
        res.end('done');
      });
    });
    allow(`127.0.0.1:${server.port}`);
    const dispatcher = guardedAgent();
    for (const status of [301, 302, 303, 307, 308]) {
      await (
        await safeFetch(server.url(`/${status}`), {
          dispatcher,
          method: 'POST',
          body: 'a=1',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        })
      ).text();
    }
    const form = 'application/x-www-form-urlencoded';
    expect(seen).toEqual([
      `POST /301 a=1 ${form}`,
      'GET /done  -',
      `POST /302 a=1 ${form}`,
      'GET /done  -',
      `POST /303 a=1 ${form}`,
      'GET /done  -',
      `POST /307 a=1 ${form}`,
      `POST /done a=1 ${form}`,
      `POST /308 a=1 ${form}`,
      `POST /done a=1 ${form}`,
    ]);
  });

  it('keeps credentials headers on the same origin and drops them when the redirect leaves it', async () => {
    const other = await serve(text('other'));
    const server = await serve((req, res) => {
      if (req.url === '/same') return void res.writeHead(302, { location: '/landing' }).end();
      if (req.url === '/away') return void res.writeHead(302, { location: other.url('/landing') }).end();
      res.end('landing');
    });
    allow(`127.0.0.1:${server.port}`, `127.0.0.1:${other.port}`);
    const dispatcher = guardedAgent();
    const headers = { authorization: 'Basic c2VjcmV0', cookie: 'sid=1', 'x-kept': 'yes' };
    await (await safeFetch(server.url('/same'), { dispatcher, headers })).text();
    await (await safeFetch(server.url('/away'), { dispatcher, headers })).text();
    expect(server.requests[1]!.headers).toMatchObject({ authorization: 'Basic c2VjcmV0', cookie: 'sid=1' });
    expect(other.requests[0]!.headers.authorization).toBeUndefined();
    expect(other.requests[0]!.headers.cookie).toBeUndefined();
    expect(other.requests[0]!.headers['x-kept']).toBe('yes');
  });
});

describe('failures of the site are sentences too, told apart from refusals', () => {
  it('connection refused', async () => {
    const closed = await serve(text(''));
    const port = closed.port;
    await new Promise((resolve) => closed.server.close(resolve));
    allow(`127.0.0.1:${port}`);
    const error = await refusal(safeFetch(`http://127.0.0.1:${port}/`, { dispatcher: guardedAgent() }));
    expect(error.reason).toBe('unreachable');
    expect(error.message).toBe('We could not reach 127.0.0.1.');
    expect(error.refusedByPolicy).toBe(false);
  });

  it('a name that does not resolve', async () => {
    const { lookup } = fakeDns({});
    const error = await refusal(safeFetch('https://nowhere.example/', { dispatcher: guardedAgent({ lookup }) }));
    expect(error.reason).toBe('dns');
    expect(error.message).toBe('We could not find nowhere.example. Check the address.');
  });

  it('JSON that does not parse', async () => {
    const server = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html>'));
    allow(`127.0.0.1:${server.port}`);
    const response = await safeFetch(server.url('/wp-json/'), { dispatcher: guardedAgent() });
    expect((await refusal(response.json())).message).toBe('127.0.0.1 sent an answer we could not read.');
  });

  it('text in the charset the site declares', async () => {
    const server = await serve((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' })
        .end(Buffer.from([0x63, 0x61, 0x66, 0xe9])),
    );
    allow(`127.0.0.1:${server.port}`);
    expect(await (await safeFetch(server.url(), { dispatcher: guardedAgent() })).text()).toBe('café');
  });
});

describe('https: the certificate is checked against the name, not the pinned address', () => {
  let dir: string;
  let cert: string;
  let key: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'safe-fetch-tls-'));
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=secure.example', '-addext', 'subjectAltName=DNS:secure.example',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' }); // prettier-ignore
    cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
    key = readFileSync(join(dir, 'key.pem'), 'utf8');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function serveTls(): Promise<{ port: number; servernames: (string | false)[] }> {
    const servernames: (string | false)[] = [];
    const server = createHttpsServer({ cert, key }, (req, res) => {
      servernames.push('servername' in req.socket ? (req.socket.servername as string | false) : false);
      res.end('secure hello');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return { port: (server.address() as AddressInfo).port, servernames };
  }

  it('fetches over TLS with SNI and verification on the hostname', async () => {
    const { port, servernames } = await serveTls();
    allow(`secure.example:${port}`);
    const { lookup } = fakeDns({ 'secure.example': '127.0.0.1' });
    const response = await safeFetch(`https://secure.example:${port}/`, {
      dispatcher: guardedAgent({ lookup, ca: cert }),
    });
    expect(await response.text()).toBe('secure hello');
    expect(servernames).toEqual(['secure.example']);
  });

  it('an untrusted certificate is a clear sentence', async () => {
    const { port } = await serveTls();
    allow(`secure.example:${port}`);
    const { lookup } = fakeDns({ 'secure.example': '127.0.0.1' });
    const error = await refusal(safeFetch(`https://secure.example:${port}/`, { dispatcher: guardedAgent({ lookup }) }));
    expect(error.reason).toBe('tls');
    expect(error.message).toBe('We could not open a secure connection to secure.example.');
  });

  it('a certificate for another name is refused', async () => {
    const { port } = await serveTls();
    allow(`other.example:${port}`);
    const { lookup } = fakeDns({ 'other.example': '127.0.0.1' });
    const error = await refusal(
      safeFetch(`https://other.example:${port}/`, { dispatcher: guardedAgent({ lookup, ca: cert }) }),
    );
    expect(error.reason).toBe('tls');
  });
});

describe('the pooled agent a crawl uses', () => {
  it('reuses keep-alive connections: many pages, few connections, one DNS answer per connection', async () => {
    const server = await serve((req, res) => res.end(`page ${req.url}`));
    allow(`crawl.test:${server.port}`);
    const { lookup, calls } = fakeDns({ 'crawl.test': '127.0.0.1' });
    const dispatcher = guardedAgent({ lookup, connections: 4 });
    const paths = Array.from({ length: 200 }, (_, i) => `/p${i}`);
    let next = 0;
    const bodies: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < paths.length) {
          const path = paths[next++];
          const response = await safeFetch(`http://crawl.test:${server.port}${path}`, { dispatcher });
          bodies.push(await response.text());
        }
      }),
    );
    expect(bodies).toHaveLength(200);
    expect(new Set(bodies)).toEqual(new Set(paths.map((path) => `page ${path}`)));
    expect(server.connections()).toBeLessThanOrEqual(4);
    expect(calls).toHaveLength(server.connections());
  });

  it('refuses to dispatch through anything but a SafeAgent', async () => {
    const plain = new Agent();
    await expect(safeFetch('http://example.com/', { dispatcher: plain as unknown as SafeAgent })).rejects.toThrow(
      TypeError,
    );
    await plain.close();
  });
});
