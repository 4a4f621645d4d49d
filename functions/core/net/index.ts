/** The safe fetcher: every server-side fetch of an address a user gave goes through here. */
export { safeFetch, DEFAULT_MAX_BYTES, DEFAULT_MAX_REDIRECTS, DEFAULT_TIMEOUT_MS } from './safe-fetch';
export type { Redirect, SafeFetchOptions, SafeResponse } from './safe-fetch';
export { SafeAgent, createSafeAgent, type SafeAgentOptions } from './safe-agent';
export type { Lookup, ResolvedAddress } from './pinned-connector';
export { FetchRefusedError, fetchMessages, type FetchRefusal } from './fetch-errors';
export { checkTarget } from './target-policy';
