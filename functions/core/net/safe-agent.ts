import { Agent } from 'undici';
import { createPinnedConnector, type PinnedConnectorOptions } from './pinned-connector';

export interface SafeAgentOptions extends PinnedConnectorOptions {
  /** Open connections per origin: a crawl's concurrency against one site. */
  connections?: number;
  /** How long an idle keep-alive connection waits for the next request (the server may say less). */
  keepAliveTimeoutMs?: number;
}

/**
 * An undici connection pool whose every connection goes through the address policy. The only
 * dispatcher `safeFetch` accepts: a crawl makes one, fetches thousands of pages over its
 * keep-alive connections, and closes it at the end.
 */
export class SafeAgent extends Agent {
  /** A brand: a plain undici Agent is not a SafeAgent to the compiler, nor at run time. */
  readonly #pinned = true;

  static is(value: unknown): value is SafeAgent {
    return typeof value === 'object' && value !== null && #pinned in value;
  }

  constructor(options: SafeAgentOptions = {}) {
    const { connections, keepAliveTimeoutMs, ...connector } = options;
    super({
      connect: createPinnedConnector(connector),
      connections: connections ?? 32,
      keepAliveTimeout: keepAliveTimeoutMs ?? 4_000,
    });
  }
}

export const createSafeAgent = (options?: SafeAgentOptions) => new SafeAgent(options);

let shared: SafeAgent | undefined;

/** The pool one-off fetches share (website overview, media import, WordPress discovery). */
export function sharedSafeAgent(): SafeAgent {
  return (shared ??= new SafeAgent());
}
