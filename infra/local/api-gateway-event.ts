import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml|javascript)|text\/)/i;

/**
 * Builds the event API Gateway's HTTP API (payload format 2.0) would hand the Lambda:
 * lower-cased headers with repeated values joined by commas, cookies split out of the Cookie
 * header into `cookies`, repeated query parameters joined by commas, binary bodies base64.
 */
export function toApiGatewayEvent(req: IncomingMessage, body: Buffer, routeKey: string): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = (req.rawHeaders[i] ?? '').toLowerCase();
    const value = req.rawHeaders[i + 1] ?? '';
    if (name === 'cookie') continue;
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  const cookieHeader = req.headers.cookie;
  const cookies = cookieHeader
    ? cookieHeader
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean)
    : undefined;

  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;

  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType) || contentType === '';
  const now = new Date();
  const proxy = routeKey.includes('{proxy+}') ? url.pathname.split('/').slice(3).join('/') : undefined;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: proxy ? { proxy } : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: (req.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
  };
}

/** Writes a Lambda's structured result the way API Gateway would, one Set-Cookie per cookie. */
export function writeApiGatewayResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2 | string) {
  const structured: APIGatewayProxyStructuredResultV2 =
    typeof result === 'string'
      ? { statusCode: 200, body: result, headers: { 'content-type': 'application/json' } }
      : result;
  res.statusCode = structured.statusCode ?? 200;
  for (const [name, value] of Object.entries(structured.headers ?? {})) res.setHeader(name, String(value));
  if (structured.cookies?.length) res.setHeader('set-cookie', structured.cookies);
  const body = structured.body ?? '';
  res.end(structured.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}
