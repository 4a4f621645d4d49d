import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { areaHandler } from '../../functions/core/http/area-handler';
import { defineRoute } from '../../functions/core/http/route';
import { conflict } from '../../functions/core/http/errors';

process.env.APP_ORIGIN = 'https://app.example.com';
process.env.LOG_LEVEL = 'silent';

const event = (method: string, path: string, body?: string, headers: Record<string, string> = {}): APIGatewayProxyEventV2 =>
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

const handler = areaHandler([
  defineRoute({
    method: 'POST',
    path: '/api/t/echo/{n}',
    access: 'public',
    params: z.object({ n: z.coerce.number().int() }),
    body: z.object({ name: z.string({ error: 'Name is required.' }).min(1, 'Name is required.') }),
    handle: async ({ body, params }) => ({ status: 201, body: { hello: body.name, n: params.n } }),
  }),
  defineRoute({ method: 'GET', path: '/api/t/boom', access: 'public', handle: async () => { throw new Error('secret stack'); } }),
  defineRoute({ method: 'GET', path: '/api/t/conflict', access: 'public', handle: async () => { throw conflict('Already there.'); } }),
  defineRoute({ method: 'GET', path: '/api/t/private', access: 'user', handle: async () => ({ ok: true }) }),
  defineRoute({ method: 'GET', path: '/api/t/dev', access: 'public', localOnly: true, handle: async () => ({ ok: true }) }),
]);

const call = async (e: APIGatewayProxyEventV2) => {
  const res = (await handler(e as never, context)) as { statusCode: number; body: string; headers: Record<string, string> };
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
  it('refuses a foreign Origin on state-changing calls only', async () => {
    expect((await call(event('POST', '/api/t/echo/1', '{"name":"x"}', { origin: 'https://evil.example' }))).statusCode).toBe(403);
    expect((await call(event('POST', '/api/t/echo/1', '{"name":"x"}', { origin: 'https://app.example.com' }))).statusCode).toBe(201);
    expect((await call(event('GET', '/api/t/conflict', undefined, { origin: 'https://evil.example' }))).statusCode).toBe(409);
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
      const direct = await call(event('GET', '/api/t/conflict', undefined, { 'cloudfront-viewer-address': '9.9.9.9:443' }));
      expect(direct.statusCode).toBe(403);
      const wrong = await call(event('GET', '/api/t/conflict', undefined, { 'x-origin-verify': 'guess' }));
      expect(wrong.statusCode).toBe(403);
      const via = await call(event('GET', '/api/t/conflict', undefined, { 'x-origin-verify': 'cloudfront-only' }));
      expect(via.statusCode).toBe(409);
      const { clientIp } = await import('../../functions/core/http/client-ip');
      expect(clientIp(event('GET', '/', undefined, { 'cloudfront-viewer-address': '203.0.113.7:51234' }))).toBe('203.0.113.7');
      expect(clientIp(event('GET', '/', undefined, { 'cloudfront-viewer-address': '[2001:db8::1]:443' }))).toBe('[2001:db8::1]');
    } finally {
      delete process.env.ORIGIN_VERIFY_SECRET;
    }
    const { clientIp } = await import('../../functions/core/http/client-ip');
    // Without CloudFront in front, the header is whatever the caller made up.
    expect(clientIp(event('GET', '/', undefined, { 'cloudfront-viewer-address': '203.0.113.7:1' }))).toBe('1.2.3.4');
  });
});
