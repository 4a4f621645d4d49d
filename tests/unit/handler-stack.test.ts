import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { areaHandler } from '../../functions/api/area-handler';
import { defineContract, type ResponseSchemas } from '../../shared/contract';
import { created, defineRoute, ok } from '../../functions/core/http/route';
import { conflict, upgradeRequired } from '../../functions/core/errors';

process.env.APP_ORIGIN = 'https://app.example.com';
process.env.LOG_LEVEL = 'silent';

const event = (
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers,
    body,
    isBase64Encoded: false,
    requestContext: { http: { method, path, sourceIp: '1.2.3.4', userAgent: 't' }, requestId: 'req-1' },
  }) as never;
const context = { awsRequestId: 'ctx-1' } as Context;

const echo = defineContract({
  method: 'POST',
  path: '/api/t/echo/{n}',
  summary: 'echo',
  params: z.object({ n: z.coerce.number().int() }),
  body: z.object({ name: z.string({ error: 'Name is required.' }).min(1, 'Name is required.') }),
  responses: { 201: z.object({ hello: z.string(), n: z.number() }) },
});
const okBody = { 200: z.object({ ok: z.boolean() }) };
const get = <const R extends ResponseSchemas>(path: string, responses: R) =>
  defineContract({ method: 'GET', path, summary: path, responses });
const profile = z.object({ id: z.number(), email: z.string() });

const handler = areaHandler([
  defineRoute(echo, {
    access: 'public',
    handle: async ({ body, params }) => created({ hello: body.name, n: params.n }),
  }),
  defineRoute(get('/api/t/boom', okBody), {
    access: 'public',
    handle: async () => {
      throw new Error('secret stack');
    },
  }),
  defineRoute(get('/api/t/conflict', okBody), {
    access: 'public',
    handle: async () => {
      throw conflict('Already there.');
    },
  }),
  defineRoute(get('/api/t/upgrade', okBody), {
    access: 'public',
    handle: async () => {
      throw upgradeRequired();
    },
  }),
  defineRoute(get('/api/t/private', okBody), { access: 'user', handle: async () => ok({ ok: true }) }),
  defineRoute(get('/api/t/dev', okBody), { access: 'public', localOnly: true, handle: async () => ok({ ok: true }) }),
  // Deliberately wrong handlers: each answers outside its contract, as a drifting handler would.
  defineRoute(get('/api/t/wrong-body', { 200: profile }), {
    access: 'public',
    handle: async () => ok({ id: 'seven', email: 'a@example.com' } as never),
  }),
  defineRoute(get('/api/t/wrong-status', okBody), {
    access: 'public',
    handle: async () => ({ status: 201, body: { ok: true } }) as never,
  }),
  defineRoute(get('/api/t/extra-field', { 200: profile }), {
    access: 'public',
    handle: async () => ok({ id: 7, email: 'a@example.com', passwordHash: 'scrypt$secret' }),
  }),
]);

const call = async (e: APIGatewayProxyEventV2) => {
  const res = (await handler(e as never, context)) as {
    statusCode: number;
    body: string;
    headers: Record<string, string>;
  };
  return { ...res, json: res.body ? JSON.parse(res.body) : undefined };
};

describe('the middy handler stack', () => {
  it('parses, validates and answers', async () => {
    const res = await call(event('POST', '/api/t/echo/7', '{"name":"Ada"}'));
    expect(res.statusCode).toBe(201);
    expect(res.json).toEqual({ hello: 'Ada', n: 7 });
    expect(res.headers['x-request-id']).toBe('req-1');
  });
  it('422 lists field errors as {path, message}', async () => {
    const res = await call(event('POST', '/api/t/echo/7', '{}'));
    expect(res.statusCode).toBe(422);
    expect(res.json.errors).toEqual([{ path: 'name', message: 'Name is required.' }]);
  });
  it('400 for malformed JSON, before routing', async () => {
    expect((await call(event('POST', '/api/t/nowhere', '{nope'))).statusCode).toBe(400);
  });
  it('an unexpected error is a 500 that reveals nothing', async () => {
    const res = await call(event('GET', '/api/t/boom'));
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret stack');
    expect(res.json.message).toBe('Oops! An unknown error occurred while processing your request');
  });
  it('expected errors keep their status', async () => {
    expect((await call(event('GET', '/api/t/conflict'))).statusCode).toBe(409);
    expect((await call(event('GET', '/api/t/private'))).statusCode).toBe(401);
    expect((await call(event('GET', '/api/t/missing'))).statusCode).toBe(404);
    expect((await call(event('DELETE', '/api/t/conflict'))).statusCode).toBe(404);
  });
  it('the paid-plan gate is a 402 with its code and the spec sentence, not a 403', async () => {
    const res = await call(event('GET', '/api/t/upgrade'));
    expect(res.statusCode).toBe(402);
    expect(res.json).toMatchObject({
      code: 'UPGRADE_REQUIRED',
      message: 'In order to execute, you need to upgrade to the paid version.',
    });
  });
  it('an answer outside its contract fails its schema check: a 500 that reveals nothing', async () => {
    for (const path of ['/api/t/wrong-body', '/api/t/wrong-status']) {
      const res = await call(event('GET', path));
      expect(res.statusCode, path).toBe(500);
      expect(res.json.message).toBe('Oops! An unknown error occurred while processing your request');
      expect(res.body).not.toContain('seven');
    }
  });
  it("what is sent is the schema's output: a field the contract does not name never leaves", async () => {
    const res = await call(event('GET', '/api/t/extra-field'));
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ id: 7, email: 'a@example.com' });
  });
  it('refuses a foreign Origin on state-changing calls only', async () => {
    expect(
      (await call(event('POST', '/api/t/echo/1', '{"name":"x"}', { origin: 'https://evil.example' }))).statusCode,
    ).toBe(403);
    expect(
      (await call(event('POST', '/api/t/echo/1', '{"name":"x"}', { origin: 'https://app.example.com' }))).statusCode,
    ).toBe(201);
    expect(
      (await call(event('GET', '/api/t/conflict', undefined, { origin: 'https://evil.example' }))).statusCode,
    ).toBe(409);
  });
  it('local-only routes do not exist outside the embedded runtime', async () => {
    delete process.env.RUNTIME;
    expect((await call(event('GET', '/api/t/dev'))).statusCode).toBe(404);
  });
});

describe('behind CloudFront (ORIGIN_VERIFY_SECRET set)', () => {
  it('refuses requests without the origin-verify header and trusts the viewer address only with it', async () => {
    process.env.ORIGIN_VERIFY_SECRET = 'cloudfront-only';
    try {
      const direct = await call(
        event('GET', '/api/t/conflict', undefined, { 'cloudfront-viewer-address': '9.9.9.9:443' }),
      );
      expect(direct.statusCode).toBe(403);
      const wrong = await call(event('GET', '/api/t/conflict', undefined, { 'x-origin-verify': 'guess' }));
      expect(wrong.statusCode).toBe(403);
      const via = await call(event('GET', '/api/t/conflict', undefined, { 'x-origin-verify': 'cloudfront-only' }));
      expect(via.statusCode).toBe(409);
      const { clientIp } = await import('../../functions/core/http/client-ip');
      expect(clientIp(event('GET', '/', undefined, { 'cloudfront-viewer-address': '203.0.113.7:51234' }))).toBe(
        '203.0.113.7',
      );
      expect(clientIp(event('GET', '/', undefined, { 'cloudfront-viewer-address': '[2001:db8::1]:443' }))).toBe(
        '[2001:db8::1]',
      );
    } finally {
      delete process.env.ORIGIN_VERIFY_SECRET;
    }
    const { clientIp } = await import('../../functions/core/http/client-ip');
    // Without CloudFront in front, the header is whatever the caller made up.
    expect(clientIp(event('GET', '/', undefined, { 'cloudfront-viewer-address': '203.0.113.7:1' }))).toBe('1.2.3.4');
  });
});
