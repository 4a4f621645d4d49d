import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facebookClient } from '../../functions/core/integrations/facebook-client';
import { googleClient } from '../../functions/core/integrations/google-client';
import { instagramClient } from '../../functions/core/integrations/instagram-client';
import { linkedinClient } from '../../functions/core/integrations/linkedin-client';
import { API_VERSIONS, platformConfig, type PlatformConfig } from '../../functions/core/platform-config';
import { PlatformError } from '../../functions/core/integrations/platform-error';
import { callPlatform, type PlatformHttpOptions } from '../../functions/core/integrations/platform-http';
import { threadsClient } from '../../functions/core/integrations/threads-client';

/**
 * Every platform answer is read with a schema: a success of the wrong shape is a PlatformError
 * naming the platform, never a crash further on (docs/platforms/*.md#error-shapes).
 */
type Answer = { status?: number; body: unknown };
const answers = new Map<string, Answer>();
let server: Server;
let origin = '';
let config: PlatformConfig;
const saved = { ...process.env };
const GRAPH = API_VERSIONS.graph.version;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://loopback').pathname;
    const answer = answers.get(path) ?? { status: 404, body: { error: { message: 'no', code: 803 } } };
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.FETCH_ALLOW = new URL(origin).host;
  process.env.PLATFORM_SANDBOX_ORIGIN = origin;
  config = platformConfig();
});
afterAll(async () => {
  process.env = saved;
  await new Promise((resolve) => server.close(resolve));
});

const options = (platform: PlatformHttpOptions['platform']): PlatformHttpOptions => ({
  platform,
  timeoutMs: 2000,
  classify: () => new PlatformError(platform, 'rejected', 'refused'),
});

/** The error a call ends in (it must end in one). */
const failure = async (call: () => Promise<unknown>) => {
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the call should have failed').toBeInstanceOf(PlatformError);
  return error as PlatformError;
};

describe('callPlatform', () => {
  it('takes a schema: a call without one does not compile', () => {
    // Never run: the type check is the test (npm run typecheck covers tests/).
    /* eslint-disable @typescript-eslint/no-unsafe-class-instance-assignment -- the wrong call is the test */
    const withoutSchema = () =>
      // @ts-expect-error The schema is the first, required parameter.
      callPlatform(new URL(`${origin}/x`), {}, options('facebook'));
    /* eslint-enable @typescript-eslint/no-unsafe-class-instance-assignment */
    expect(typeof withoutSchema).toBe('function');
  });

  it('answers what the schema gives, and a wrong shape is a PlatformError naming the platform', async () => {
    answers.set('/shape', { body: { id: 17, secret: 'not-logged' } });
    const ok = await callPlatform(z.object({ id: z.number() }), new URL(`${origin}/shape`), {}, options('linkedin'));
    expect(ok.body).toEqual({ id: 17 });

    const wrong = await failure(() =>
      callPlatform(z.object({ id: z.string() }), new URL(`${origin}/shape`), {}, options('linkedin')),
    );
    expect(wrong).toMatchObject({ platform: 'linkedin', failure: 'unavailable', transient: true });
    expect(wrong.message).toBe('LinkedIn answered in a way we did not expect. Please try again in a few minutes.');
    expect(wrong.detail).toContain('/shape');
    expect(wrong.detail).toContain('id');
    expect(wrong.detail).not.toContain('not-logged');
  });
});

describe('each client reads its answers', () => {
  const tokens = { accessToken: 'token' };
  const cases: [string, string, () => Promise<unknown>, string][] = [
    ['Facebook me', `/graph/${GRAPH}/me`, () => facebookClient(config).account(tokens), 'Facebook'],
    [
      'Instagram accounts',
      `/graph/${GRAPH}/me/accounts`,
      () => instagramClient(config).targets(tokens, { id: '1', name: 'x' }),
      'Instagram',
    ],
    [
      'Threads me',
      `/threads-api/${API_VERSIONS.threads.version}/me`,
      () => threadsClient(config).account(tokens),
      'Threads',
    ],
    ['LinkedIn userinfo', '/linkedin-api/v2/userinfo', () => linkedinClient(config).account(tokens), 'LinkedIn'],
    [
      'LinkedIn organisations',
      '/linkedin-api/rest/organizationAcls',
      () => linkedinClient(config).targets(tokens, { id: 'abc', name: 'A' }),
      'LinkedIn',
    ],
    ['Google sites', '/google-apis/webmasters/v3/sites', () => googleClient(config, 'google').sites('token'), 'Google'],
  ];

  it.each(cases)('%s: a wrong shape is a PlatformError naming %s', async (_name, path, call, label) => {
    answers.set(path, { body: { data: 'not a list', elements: 7, siteEntry: 'x', id: { nested: true } } });
    const error = await failure(call);
    expect(error.message).toBe(`${label} answered in a way we did not expect. Please try again in a few minutes.`);
    expect(error.transient).toBe(true);
  });

  it('a LinkedIn lookup whose posts are of another shape is an unknown outcome, not a crash', async () => {
    answers.set('/linkedin-api/rest/posts', { body: { elements: [{ commentary: 'no id' }] } });
    const error = await failure(() =>
      linkedinClient(config).publisher.find(
        { tokens, targetId: 'urn:li:organization:1', text: 'Hello', media: [] },
        new Date(),
      ),
    );
    expect(error).toMatchObject({ platform: 'linkedin', failure: 'unavailable' });
  });
});
