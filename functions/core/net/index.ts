/** The safe fetcher: every server-side fetch of an address a user gave goes through here. */
export { safeFetch } from './safe-fetch';
export type { SafeResponse } from './safe-fetch';
export { SafeAgent, createSafeAgent, type SafeAgentOptions } from './safe-agent';
export type { Lookup } from './pinned-connector';
export { FetchRefusedError, fetchMessages, type FetchRefusal } from './fetch-errors';
export { checkTarget } from './target-policy';
