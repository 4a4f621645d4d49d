import { fieldErrorsFrom } from '@shared/schemas/errors';
import { messages } from '@shared/messages';

/** A non-2xx answer from /api, with the spec's error body already unpacked. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  readonly code?: string;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fieldErrors = fieldErrorsFrom(body);
    const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

let onUnauthorized: (path: string) => void = () => undefined;
let onForbidden: (path: string) => void = () => undefined;

/** The app decides what "signed out" means (it resets the profile query); the client only reports it. */
export function setUnauthorizedHandler(handler: (path: string) => void) {
  onUnauthorized = handler;
}

/**
 * A 403 is what a company-scoped call answers when the COMPANY_ID cookie names a company the
 * user is no longer in (e.g. removed by a teammate): the app re-checks the user's companies.
 */
export function setForbiddenHandler(handler: (path: string) => void) {
  onForbidden = handler;
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Statuses answered without throwing (their body is returned as-is), e.g. 202 for job polling. */
  passStatuses?: number[];
}

function withQuery(path: string, query?: Query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The one way the SPA talks to /api: JSON in and out, cookies always sent. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, passStatuses } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(withQuery(path, query), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  const data = await readBody(response);
  if (response.ok || passStatuses?.includes(response.status)) return data as T;

  if (response.status === 401) onUnauthorized(path);
  if (response.status === 403) onForbidden(path);
  const message =
    data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
      ? (data as { message: string }).message
      : messages.unknownError;
  throw new ApiError(response.status, message, data);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

/** A message fit to show a user for any thrown value. */
export const errorMessage = (error: unknown) =>
  error instanceof ApiError ? error.message : error instanceof Error && error.message ? error.message : messages.unknownError;
