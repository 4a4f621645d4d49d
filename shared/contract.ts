import type * as core from 'zod/v4/core';
import type { Permission } from './permissions';

/**
 * Any zod schema, classic (`zod`) or mini (`zod/mini`): contracts take the core type so the web
 * can build its schemas with zod/mini and keep zod's classic methods out of the first load.
 */
export type Schema = core.$ZodType;

/**
 * One API route's contract: its method and path, the schemas of what it takes and of every
 * success answer it gives. The server binds a handler to it (`functions/core/http/route.ts`),
 * the SPA calls it (`web/src/lib/api-client.ts`), and both parse with the same schemas, so a
 * shape cannot drift between them. Error answers share one shape (`schemas/errors.ts`).
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A success status and the schema of its body; `null` for an answer without a body (204, and
 * the 302 of a browser navigation such as the OAuth redirects).
 */
export type SuccessStatus = 200 | 201 | 202 | 204 | 302;
export type ResponseSchemas = Partial<Record<SuccessStatus, Schema | null>>;

export interface Contract<
  SB extends Schema | undefined = Schema | undefined,
  SQ extends Schema | undefined = Schema | undefined,
  SP extends Schema | undefined = Schema | undefined,
  R extends ResponseSchemas = ResponseSchemas,
> {
  method: Method;
  /** As API Gateway sees it, `{name}` for a path parameter: `/api/company/{id}/invite`. */
  path: string;
  /** One line for the route table (docs/routes.md). */
  summary: string;
  /**
   * What a company member (or the maker of an API key) must be allowed to do to call it
   * (shared/permissions.ts). Every company and API-key route names one; the rest have none.
   */
  permission?: Permission;
  body?: SB;
  query?: SQ;
  params?: SP;
  responses: R;
}

/** Identity function that keeps every schema's exact type for the server and the client. */
export function defineContract<
  SB extends Schema | undefined = undefined,
  SQ extends Schema | undefined = undefined,
  SP extends Schema | undefined = undefined,
  const R extends ResponseSchemas = ResponseSchemas,
>(contract: Contract<SB, SQ, SP, R>): Contract<SB, SQ, SP, R> {
  return contract;
}

type Out<S> = [S] extends [Schema] ? core.output<S> : undefined;
type In<S> = [S] extends [Schema] ? core.input<S> : undefined;
type AnyContract = Contract;
type BodyOf<C> = C extends Contract<infer SB> ? SB : never;
type QueryOf<C> = C extends Contract<Schema | undefined, infer SQ> ? SQ : never;
type ParamsOf<C> = C extends Contract<Schema | undefined, Schema | undefined, infer SP> ? SP : never;

/** What the client sends: the request schemas' input types (before defaults and transforms). */
export type BodyIn<C extends AnyContract> = In<BodyOf<C>>;
export type QueryIn<C extends AnyContract> = In<QueryOf<C>>;
export type ParamsIn<C extends AnyContract> = In<ParamsOf<C>>;

/** What the server reads after validation. */
export type BodyOut<C extends AnyContract> = Out<BodyOf<C>>;
export type QueryOut<C extends AnyContract> = Out<QueryOf<C>>;
export type ParamsOut<C extends AnyContract> = Out<ParamsOf<C>>;

/** One answer the server may give: a declared status with a body of that status's schema. */
export type ReplyOf<R extends ResponseSchemas> = {
  [S in keyof R & SuccessStatus]: {
    status: S;
    body: R[S] extends Schema ? core.input<R[S]> : undefined;
    /** Set-Cookie values; only handlers build them. */
    cookies?: string[];
    headers?: Record<string, string>;
  };
}[keyof R & SuccessStatus];

/** `/api/company/{id}/invite` with `{id: 7}` → `/api/company/7/invite`. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
