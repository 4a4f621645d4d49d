import type { Contract, Schema, SuccessStatus } from '@shared/contract';
import { errorBodySchema, type ErrorBody } from '@shared/schemas/errors';
import { vi } from 'vitest';
import { parse, type input } from 'zod/v4/core';

/** A request the component sent, as the server would read it. */
interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Declared<C extends Contract> = keyof C['responses'] & SuccessStatus;
type BodyFor<C extends Contract, S extends Declared<C>> = C['responses'][S] extends Schema
  ? input<C['responses'][S]>
  : undefined;

/** An answer: a success the contract declares (its body checked by that status's schema), or an error body. */
export type Reply<C extends Contract> =
  | { [S in Declared<C>]: { status: S; body: BodyFor<C, S> } }[Declared<C>]
  | { status: 400 | 401 | 402 | 403 | 404 | 409 | 422 | 429 | 500 | 503; body: ErrorBody }
  /** The spec's other 422 shape, a map of field to messages, which errorBodySchema does not describe. */
  | { status: 422; fieldMap: Record<string, string[]> };

type Handler<C extends Contract> = (request: SentRequest) => Reply<C> | Promise<Reply<C>>;

interface Route {
  contract: Contract;
  pattern: RegExp;
  handler: Handler<Contract>;
}

const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

/** Shorthand for a 200 answer. */
export const ok = <B>(body: B) => ({ status: 200 as const, body });

/** The API's error body (shared/schemas/errors.ts); a 422 with field errors when `errors` is given. */
export const failure = (
  status: 400 | 401 | 402 | 403 | 404 | 409 | 422 | 429 | 500 | 503,
  message: string,
  errors?: { path: string; message: string }[],
  code?: string,
) => ({ status, body: { message, ...(errors ? { errors } : {}), ...(code ? { code } : {}) } });

/** A promise the test settles, for an answer held back while the page shows its pending state. */
export function held() {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

/**
 * The API at the fetch boundary: the web's one client (lib/api-client.ts) calls `fetch`, and this
 * answers from routes a test declares by contract. Every answer body is parsed with the contract's
 * schema for its status and every request body with the contract's body schema, so a fixture or a
 * request cannot drift from the shared contract. A request no route answers fails the test.
 */
export function fakeApi() {
  const routes: Route[] = [];
  const requests: (SentRequest & { contract: Contract })[] = [];
  const unhandled: string[] = [];
  const problems: string[] = [];

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://app.test',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: SentRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    };
    // The newest declaration wins, so a test can override a default answer.
    const route = [...routes].reverse().find((r) => r.contract.method === method && r.pattern.test(url.pathname));
    if (!route) {
      unhandled.push(`${method} ${url.pathname}${url.search}`);
      return json(501, { message: `No fake answer for ${method} ${url.pathname}` });
    }
    requests.push({ ...request, contract: route.contract });
    if (route.contract.body && request.body !== undefined) {
      try {
        parse(route.contract.body, request.body);
      } catch (error) {
        problems.push(`${method} ${url.pathname} sent a body its contract refuses: ${String(error)}`);
      }
    }
    const reply = await route.handler(request);
    if ('fieldMap' in reply) return json(422, { message: 'Validation failed', errors: reply.fieldMap });
    const schema = (route.contract.responses as Record<number, Schema | null | undefined>)[reply.status];
    if (reply.status < 300) {
      if (schema === undefined) throw new Error(`${method} ${route.contract.path} declares no ${reply.status}`);
      return json(reply.status, schema ? parse(schema, reply.body) : undefined);
    }
    return json(reply.status, parse(errorBodySchema, reply.body));
  });

  return {
    fetch,
    /** Answers every call of `contract` with `reply` (or what `reply` returns for the request). */
    on<C extends Contract>(contract: C, reply: Reply<C> | Handler<C>) {
      routes.push({
        contract,
        pattern: pathPattern(contract.path),
        handler: (typeof reply === 'function' ? reply : () => reply) as Handler<Contract>,
      });
      return this;
    },
    /** The requests sent for `contract`, oldest first. */
    sent(contract: Contract) {
      return requests.filter((r) => r.contract === contract);
    },
    /** The bodies sent for `contract`, oldest first. */
    bodies(contract: Contract) {
      return requests.filter((r) => r.contract === contract).map((r) => r.body);
    },
    unhandled,
    problems,
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;

function json(status: number, body: unknown) {
  return new Response(body === undefined || status === 204 ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}
