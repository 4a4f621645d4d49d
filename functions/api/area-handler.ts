import middy, { type MiddyfiedHandler } from '@middy/core';
import httpRouter from '@middy/http-router';
import type { Context } from 'aws-lambda';
import { config } from '../core/config';
import { observability } from '../core/observability';
import { clientIp } from '../core/http/client-ip';
import { notFound } from '../core/errors';
import type { HttpEvent, HttpResult } from '../core/http/event';
import { access } from './access';
import { errorResponder } from '../core/http/middleware/error-responder';
import { jsonBody } from '../core/http/middleware/json-body';
import { originCheck } from '../core/http/middleware/origin-check';
import { originVerify } from '../core/http/middleware/origin-verify';
import { requestLogger } from '../core/http/middleware/request-logger';
import { validate } from '../core/http/middleware/validate';
import { checkReply } from '../core/http/response-check';
import type { Reply, RouteDef } from '../core/http/route';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** A checked reply as API Gateway's payload 2.0 result: JSON unless there is no body. */
function toResult(reply: Reply): HttpResult {
  return {
    statusCode: reply.status,
    headers: { ...JSON_HEADERS, ...reply.headers },
    cookies: reply.cookies,
    body: reply.body === undefined ? '' : JSON.stringify(reply.body),
  };
}

/**
 * One route: first the access check its declaration names (who you are before what you
 * sent: a signed-out caller gets 401, not field errors), then validation, then the domain.
 */
function routeHandler(route: RouteDef) {
  return middy<HttpEvent, HttpResult>()
    .use(access(route))
    .use(validate(route))
    .handler(async (event) => {
      const { body, query, params } = event.state.parsed ?? {};
      const reply = await route.handle({
        body,
        query,
        params,
        user: event.state.user,
        companyId: event.state.companyId,
        role: event.state.role,
        memberId: event.state.memberId,
        cookies: event.state.cookies,
        requestId: event.state.requestId,
        sourceIp: clientIp(event),
        userAgent: event.requestContext.http.userAgent,
        event,
      });
      return toResult(checkReply(route, reply));
    });
}

/**
 * The Lambda entry point of one /api area: request id and logging, errors to JSON, the
 * CloudFront origin-verify and Origin checks and JSON parsing for every request, then the router. Routes marked localOnly are
 * dropped outside the embedded runtime, so they do not exist in AWS at all.
 */
export function areaHandler(routes: RouteDef[]) {
  let router: MiddyfiedHandler<HttpEvent, HttpResult> | undefined;
  return middy<HttpEvent, HttpResult>()
    .use(observability())
    .use(requestLogger())
    .use(errorResponder())
    .use(originVerify())
    .use(originCheck())
    .use(jsonBody())
    .handler((event: HttpEvent, context: Context) => {
      // Built on first use: the runtime kind comes from the environment the host sets up.
      router ??= httpRouter<HttpEvent, HttpResult>({
        routes: routes
          .filter((r) => !r.localOnly || config.runtime === 'local')
          .map((r) => ({ method: r.method, path: r.path, handler: routeHandler(r) })),
        notFoundResponse: () => {
          throw notFound();
        },
      });
      return router(event, context);
    });
}
