import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import type { MiddlewareObj } from '@middy/core';
import type { CompanyRole } from '@shared/schemas/company-record';
import type { AuthUser } from './route';

/** What the middleware chain learns about a request, in the order it learns it. */
interface RequestState {
  requestId: string;
  startedAt: number;
  cookies: Record<string, string>;
  json?: unknown;
  user?: AuthUser;
  companyId?: number;
  /** The caller's role in that company: the member's own, or the API key's maker's. */
  role?: CompanyRole;
  /** The member the request acts as: the signed-in user, or the API key's maker. */
  memberId?: number;
  parsed?: { body: unknown; query: unknown; params: unknown };
}

export type HttpEvent = APIGatewayProxyEventV2 & { state: RequestState };
export type HttpResult = Exclude<APIGatewayProxyResultV2, string>;
export type HttpMiddleware = MiddlewareObj<HttpEvent, HttpResult>;

export const header = (event: APIGatewayProxyEventV2, name: string): string | undefined => {
  const headers = event.headers;
  return headers[name] ?? headers[name.toLowerCase()];
};
