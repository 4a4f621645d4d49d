import { randomUUID } from 'node:crypto';
import { readCookies } from '../cookies';
import type { HttpEvent, HttpMiddleware } from '../event';
import { log } from '../../log';

/**
 * First in the chain: gives the request an id (API Gateway's when there is one), sets up the
 * state later middleware fills, and writes one structured line per request when it ends.
 */
export function requestLogger(): HttpMiddleware {
  const done = (request: { event: HttpEvent; response?: { statusCode?: number; headers?: Record<string, unknown> } }) => {
    const { event, response } = request;
    const status = response?.statusCode ?? 500;
    if (response) response.headers = { ...response.headers, 'x-request-id': event.state.requestId };
    log(status >= 500 ? 'error' : 'info', 'request', {
      requestId: event.state.requestId,
      method: event.requestContext?.http?.method,
      path: event.rawPath,
      status,
      ms: Date.now() - event.state.startedAt,
      userId: event.state.user?.id,
      companyId: event.state.companyId,
    });
  };
  return {
    before: ({ event, context }) => {
      event.state = {
        requestId: event.requestContext?.requestId || context?.awsRequestId || randomUUID(),
        startedAt: Date.now(),
        cookies: readCookies(event.cookies, event.headers?.cookie),
      };
    },
    after: done as never,
    onError: done as never,
  };
}
