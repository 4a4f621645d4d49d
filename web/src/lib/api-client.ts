import { fillPath, type BodyIn, type Contract, type ParamsIn, type QueryIn, type Schema } from '@shared/contract';
import { shellMessages } from '@shared/shell-messages';
import { errorBodySchema, fieldErrorsFrom } from '@shared/schemas/errors';
import { safeParse, type output } from 'zod/v4/core';

/** The `code` of a 402: the company's plan does not include what was asked (spec 02 §5). */
const UPGRADE_REQUIRED = 'UPGRADE_REQUIRED';

/** An error whose message is written for the user: the API's sentences, the spec's job failure. */
export class UserFacingError extends Error {}

/** A non-2xx answer from /api, with the spec's error body already unpacked. */
export class ApiError extends UserFacingError {
  readonly fieldErrors: Record<string, string>;
  readonly code?: string;

  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.fieldErrors = fieldErrorsFrom(body);
    const parsed = errorBodySchema.safeParse(body);
    this.code = parsed.success ? parsed.data.code : undefined;
  }
}

/**
 * A success answer whose body is not what the route's contract declares: the API and the SPA
 * disagree, which is a bug to fix, never a shape to guess around. The user sees the generic
 * sentence; the console gets the route, the status and every mismatch.
 */
export class ContractMismatchError extends Error {
  constructor(
    readonly route: string,
    readonly status: number,
    readonly problems: string[],
  ) {
    super(`${route} answered ${status} with a body its contract does not allow: ${problems.join('; ')}`);
    this.name = 'ContractMismatchError';
  }
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

/** The paid-plan gate (402), which is not "removed from the company" (403). */
export const isUpgradeRequired = (error: unknown): error is ApiError =>
  isApiError(error, 402) && error.code === UPGRADE_REQUIRED;

type Listener = (error: ApiError) => void;
const listeners: { unauthorized: Listener; forbidden: Listener; upgradeRequired: Listener } = {
  unauthorized: () => undefined,
  forbidden: () => undefined,
  upgradeRequired: () => undefined,
};

/** The app decides what "signed out" means (it resets the profile query); the client only reports it. */
export const setUnauthorizedHandler = (handler: Listener) => void (listeners.unauthorized = handler);

/**
 * A 403 is what a company-scoped call answers when the COMPANY_ID cookie names a company the
 * user is no longer in (e.g. removed by a teammate): the app re-checks the user's companies.
 */
export const setForbiddenHandler = (handler: Listener) => void (listeners.forbidden = handler);

/** A 402 UPGRADE_REQUIRED: the app offers the upgrade; the caller still gets the error. */
export const setUpgradeRequiredHandler = (handler: Listener) => void (listeners.upgradeRequired = handler);

let baseUrl = '';
/** Where /api lives; the SPA is served from the same origin, so only tests set it. */
export const setApiBaseUrl = (url: string) => void (baseUrl = url.replace(/\/$/, ''));

type Declared<C extends Contract> = keyof C['responses'] & number;

/** One success answer a contract declares, its body parsed by that status's schema. */
export type Answer<C extends Contract> = {
  [S in Declared<C>]: {
    status: S;
    body: C['responses'][S] extends Schema ? output<C['responses'][S]> : undefined;
  };
}[Declared<C>];

/** Whether a contract declares a schema there (an absent one is typed `undefined`). */
type Declares<S> = [Exclude<S, undefined>] extends [never] ? false : true;
type Part<S, T, Required extends boolean> =
  Declares<S> extends true ? (Required extends true ? T : Partial<T>) : unknown;

type CallOptions<C extends Contract> = { signal?: AbortSignal } & Part<C['params'], { params: ParamsIn<C> }, true> &
  Part<C['query'], { query: QueryIn<C> }, false> &
  Part<C['body'], { body: BodyIn<C> }, true>;

/** Options are optional only for a route that takes no params and no body. */
type OptionsArg<C extends Contract> =
  object extends CallOptions<C> ? [options?: CallOptions<C>] : [options: CallOptions<C>];

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (typeof value === 'string' ? value !== '' : typeof value === 'number' || typeof value === 'boolean')
      params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function apiError(status: number, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  return new ApiError(status, parsed.success ? parsed.data.message : shellMessages.unknownError, body);
}

/**
 * The one way the SPA talks to /api: fills the contract's path, sends JSON with the cookies,
 * and parses the answer with the schema the contract declares for its status. Any status the
 * contract does not declare is an ApiError carrying the spec's error body.
 */
export async function send<C extends Contract>(contract: C, ...[options]: OptionsArg<C>): Promise<Answer<C>> {
  const { params, query, body, signal } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: unknown;
    body?: unknown;
    signal?: AbortSignal;
  };
  const route = `${contract.method} ${contract.path}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${fillPath(contract.path, params)}${queryString(query)}`, {
    method: contract.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  const data = await readBody(response);
  const responses = contract.responses as Record<number, Schema | null | undefined>;

  if (response.ok && response.status in responses) {
    const schema = responses[response.status];
    if (!schema) return { status: response.status, body: undefined } as Answer<C>;
    const parsed = safeParse(schema, data);
    if (parsed.success) return { status: response.status, body: parsed.data } as Answer<C>;
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    const mismatch = new ContractMismatchError(route, response.status, problems);
    console.error(mismatch);
    throw mismatch;
  }
  if (response.ok) {
    const mismatch = new ContractMismatchError(route, response.status, [`status ${response.status} is not declared`]);
    console.error(mismatch);
    throw mismatch;
  }

  const error = apiError(response.status, data);
  if (error.status === 401) listeners.unauthorized(error);
  else if (error.status === 403) listeners.forbidden(error);
  else if (isUpgradeRequired(error)) listeners.upgradeRequired(error);
  throw error;
}

/** `send` for callers that need only the body (every route with one success status). */
export async function call<C extends Contract>(contract: C, ...options: OptionsArg<C>): Promise<Answer<C>['body']> {
  return (await send(contract, ...options)).body;
}

/** A message fit to show a user for any thrown value; bugs get the generic sentence. */
export const errorMessage = (error: unknown) =>
  error instanceof UserFacingError ? error.message : shellMessages.unknownError;
