import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { BodyOut, Contract, ParamsOut, QueryOut, ReplyOf } from '@shared/contract';
import type { CompanyRole } from '@shared/schemas/company-record';

/**
 * Who may call a route. The access middleware enforces the last two, so no handler can
 * forget the tenant check:
 * - public: anyone (a session, if present, is still resolved);
 * - user: a signed-in user;
 * - company: a member of the company chosen by the COMPANY_ID cookie;
 * - company-param: a member of the company whose id is the `{id}` path parameter;
 * - api-read, api-write: the company of the API key in the Authorization header, a key
 *   scoped to write for api-write (the public API; cookies are not read).
 * Each of the last four also needs the role its contract's permission names (shared/permissions.ts):
 * the member's own, or the key maker's.
 */
export type Access = 'public' | 'user' | 'company' | 'company-param' | 'api-read' | 'api-write';

export interface AuthUser {
  id: number;
  email: string;
  sessionHash: string;
}

type UserOf<A extends Access> = A extends 'public' | 'api-read' | 'api-write' ? AuthUser | undefined : AuthUser;
type CompanyOf<A extends Access> = A extends 'company' | 'company-param' | 'api-read' | 'api-write'
  ? number
  : number | undefined;
type RoleOf<A extends Access> = A extends 'company' | 'company-param' | 'api-read' | 'api-write'
  ? CompanyRole
  : CompanyRole | undefined;

/** The access levels that act inside one company, and so need a permission. */
const COMPANY_ACCESS: readonly Access[] = ['company', 'company-param', 'api-read', 'api-write'];

export interface RouteContext<A extends Access, B, Q, P> {
  body: B;
  query: Q;
  params: P;
  user: UserOf<A>;
  companyId: CompanyOf<A>;
  role: RoleOf<A>;
  /** The member the request acts as: the signed-in user, or the API key's maker. */
  memberId: CompanyOf<A>;
  cookies: Record<string, string>;
  requestId: string;
  sourceIp: string;
  userAgent: string;
  event: APIGatewayProxyEventV2;
}

type AnyContract = Contract;

/** What a handler gives back: always an explicit status from its contract, never guessed. */
export interface Reply {
  status: number;
  body?: unknown;
  cookies?: string[];
  headers?: Record<string, string>;
}

/** A route as the router and the tests see it, its types erased. */
export interface RouteDef {
  contract: AnyContract;
  method: AnyContract['method'];
  path: string;
  access: Access;
  /** Only the embedded runtime serves this route (the dev mailbox). */
  localOnly: boolean;
  handle: (ctx: RouteContext<Access, unknown, unknown, unknown>) => Promise<Reply>;
}

export interface RouteOptions<C extends AnyContract, A extends Access> {
  access: A;
  localOnly?: boolean;
  handle: (ctx: RouteContext<A, BodyOut<C>, QueryOut<C>, ParamsOut<C>>) => Promise<ReplyOf<C['responses']>>;
}

/**
 * Binds a handler to its contract. The context is typed from the contract's request schemas
 * and the access level; the reply must be one of the contract's statuses with its body type.
 */
export function defineRoute<C extends AnyContract, A extends Access>(
  contract: C,
  options: RouteOptions<C, A>,
): RouteDef {
  // A route acting in a company without a permission would be open to every role: refused at load.
  if (COMPANY_ACCESS.includes(options.access) !== (contract.permission !== undefined))
    throw new Error(
      `${contract.method} ${contract.path}: ${options.access} access ${contract.permission ? 'takes no' : 'needs a'} permission in its contract`,
    );
  return {
    contract,
    method: contract.method,
    path: contract.path,
    access: options.access,
    localOnly: options.localOnly ?? false,
    handle: options.handle as RouteDef['handle'],
  };
}

/** Reply builders, so a handler reads as what it answers. */
export const ok = <T>(body: T) => ({ status: 200 as const, body });
export const created = <T>(body: T) => ({ status: 201 as const, body });
export const accepted = <T>(body: T) => ({ status: 202 as const, body });
export const noContent = () => ({ status: 204 as const, body: undefined });
export const redirect = (location: string, cookies?: string[]) => ({
  status: 302 as const,
  body: undefined,
  headers: { location },
  cookies,
});
