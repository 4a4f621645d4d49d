import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { readCookies } from '../cookies';
import type { HttpEvent, HttpMiddleware } from '../event';
import { log } from '../../log';
import { correlate, countRequest } from '../../observability';

/**
 * First in the chain after observability: gives the request an id (API Gateway's when there is
 * one) that every log line of the request carries, sets up the state later middleware fills,
 * and writes one structured line and one request count per request when it ends.
 */
export function requestLogger(): HttpMiddleware {
  const done = (request: {
    event: HttpEvent;
    response?: { statusCode?: number; headers?: Record<string, unknown> };
  }) => {
    const { event, response } = request;
    const status = response?.statusCode ?? 500;
    if (response) response.headers = { ...response.headers, 'x-request-id': event.state.requestId };
    log(status >= 500 ? 'error' : 'info', 'request', {
      requestId: event.state.requestId,
      method: (event.requestContext as HttpEvent['requestContext'] | undefined)?.http.method,
      path: event.rawPath,
      status,
      ms: Date.now() - event.state.startedAt,
      userId: event.state.user?.id,
      companyId: event.state.companyId,
    });
    countRequest(status);
  };
  return {
    before: ({ event, context }) => {
      event.state = {
        // Events and contexts built by tests or by hand may lack any of these.
        requestId:
          (event.requestContext as HttpEvent['requestContext'] | undefined)?.requestId ||
          (context as Context | undefined)?.awsRequestId ||
          randomUUID(),
        startedAt: Date.now(),
        cookies: readCookies(event.cookies, (event.headers as HttpEvent['headers'] | undefined)?.cookie),
      };
      correlate(event.state.requestId);
    },
    after: done as never,
    onError: done as never,
  };
}
