import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { toApiGatewayEvent, writeApiGatewayResult } from '../../infra/local/api-gateway-event';

function request(method: string, url: string, rawHeaders: string[]): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  req.httpVersion = '1.1';
  req.rawHeaders = rawHeaders;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    (req.headers as Record<string, string>)[rawHeaders[i]!.toLowerCase()] = rawHeaders[i + 1]!;
  }
  return req;
}

describe('API Gateway payload 2.0 event (embedded runtime)', () => {
  it('splits cookies, lower-cases and joins repeated headers and query parameters', () => {
    const req = request('POST', '/api/company/5/invite?tag=a&tag=b&q=x%20y', [
      'Content-Type',
      'application/json',
      'X-Trace',
      'one',
      'x-trace',
      'two',
      'Cookie',
      'sid=abc; COMPANY_ID=5',
    ]);
    const event = toApiGatewayEvent(req, Buffer.from('{"email":"a@b.co"}'), 'ANY /api/company/{proxy+}');
    expect(event.version).toBe('2.0');
    expect(event.rawPath).toBe('/api/company/5/invite');
    expect(event.rawQueryString).toBe('tag=a&tag=b&q=x%20y');
    expect(event.queryStringParameters).toEqual({ tag: 'a,b', q: 'x y' });
    expect(event.cookies).toEqual(['sid=abc', 'COMPANY_ID=5']);
    expect(event.headers['x-trace']).toBe('one,two');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.pathParameters).toEqual({ proxy: '5/invite' });
    expect(event.requestContext.http.method).toBe('POST');
    expect(event.body).toBe('{"email":"a@b.co"}');
    expect(event.isBase64Encoded).toBe(false);
  });

  it('base64-encodes binary bodies', () => {
    const req = request('PUT', '/api/media/x', ['Content-Type', 'image/png']);
    const event = toApiGatewayEvent(req, Buffer.from([0, 1, 2, 255]), 'ANY /api/media/{proxy+}');
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64')).toEqual(Buffer.from([0, 1, 2, 255]));
  });

  it('writes one Set-Cookie header per cookie of the result', () => {
    const res = new ServerResponse(request('GET', '/', []));
    writeApiGatewayResult(res, {
      statusCode: 201,
      headers: { 'content-type': 'application/json' },
      cookies: ['a=1; Path=/', 'b=2; Path=/'],
      body: '{}',
    });
    expect(res.statusCode).toBe(201);
    expect(res.getHeader('set-cookie')).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });
});
