import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { z } from 'zod';

/**
 * Who may call a route. The membership middleware enforces the last two, so no handler can
 * forget the tenant check:
 * - public: anyone (a session, if present, is still resolved);
 * - user: a signed-in user;
 * - company: a member of the company chosen by the COMPANY_ID cookie;
 * - company-param: a member of the company whose id is the `{id}` path parameter.
 */
export type Access = 'public' | 'user' | 'company' | 'company-param';

export interface AuthUser {
  id: number;
  email: string;
  sessionHash: string;
}

type UserOf<A extends Access> = A extends 'public' ? AuthUser | undefined : AuthUser;
type CompanyOf<A extends Access> = A extends 'company' | 'company-param' ? number : number | undefined;

export interface RouteContext<A extends Access, B, Q, P> {
  body: B;
  query: Q;
  params: P;
  user: UserOf<A>;
  companyId: CompanyOf<A>;
  cookies: Record<string, string>;
  requestId: string;
  sourceIp: string;
  userAgent: string;
  event: APIGatewayProxyEventV2;
}

export interface Reply {
  status?: number;
  body?: unknown;
  cookies?: string[];
  headers?: Record<string, string>;
}

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteDef<
  A extends Access = Access,
  SB extends Schema | undefined = Schema | undefined,
  SQ extends Schema | undefined = Schema | undefined,
  SP extends Schema | undefined = Schema | undefined,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Full path as API Gateway sees it, `{name}` for parameters: `/api/company/{id}/invite`. */
  path: string;
  access: A;
  body?: SB;
  query?: SQ;
  params?: SP;
  /** Only the embedded runtime serves this route (the dev mailbox). */
  localOnly?: boolean;
  handle(ctx: RouteContext<A, Out<SB>, Out<SQ>, Out<SP>>): Promise<Reply | unknown>;
}

/** Identity function that lets TypeScript infer the context's types from the schemas. */
export function defineRoute<
  A extends Access,
  SB extends Schema | undefined = undefined,
  SQ extends Schema | undefined = undefined,
  SP extends Schema | undefined = undefined,
>(def: RouteDef<A, SB, SQ, SP>): RouteDef {
  return def as unknown as RouteDef;
}

export const isReply = (value: unknown): value is Reply =>
  !!value &&
  typeof value === 'object' &&
  ('status' in value || 'cookies' in value || 'headers' in value) &&
  Object.keys(value).every((k) => ['status', 'body', 'cookies', 'headers'].includes(k));
