import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { buildConnector } from 'undici';
import { FetchRefusedError, fetchMessages } from './fetch-errors';
import { checkAddresses } from './target-policy';

interface ResolvedAddress {
  address: string;
  family: number;
}

/** Name → addresses. The system resolver by default; tests inject answers without real DNS. */
export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, order: 'verbatim' });

export interface PinnedConnectorOptions {
  lookup?: Lookup;
  /** Per new connection: the DNS answer, then TCP and TLS, each within this time. */
  connectTimeoutMs?: number;
  /** Extra TLS options (a test CA); never used to turn verification off in production code. */
  tls?: Pick<ConnectionOptions, 'ca'>;
  /** The socket layer that dials the checked address; undici's by default. */
  dial?: buildConnector.connector;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * undici's connector with the address policy in front: each new connection resolves the name
 * once, checks every answer, and dials the checked address itself, so no second resolution can
 * swap in another address between check and connect (DNS rebinding). TLS keeps the name for
 * SNI and certificate checks. Pooled keep-alive connections were checked when they opened.
 */
export function createPinnedConnector(options: PinnedConnectorOptions = {}): buildConnector.connector {
  const lookup = options.lookup ?? systemLookup;
  const timeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const dial = options.dial ?? buildConnector({ timeout: timeoutMs, ...options.tls });

  return (connectOptions, callback) => {
    const { hostname, protocol } = connectOptions;
    const port = Number(connectOptions.port) || (protocol === 'https:' ? 443 : 80);
    resolveChecked(hostname, port, lookup, timeoutMs).then(
      (address) => {
        const servername = connectOptions.servername || (isIP(hostname) ? undefined : hostname);
        dial({ ...connectOptions, hostname: address, servername }, callback);
      },
      (error: unknown) => callback(error as Error, null),
    );
  };
}

/** The one address a connection to hostname:port may use, or a refusal. */
async function resolveChecked(hostname: string, port: number, lookup: Lookup, timeoutMs: number): Promise<string> {
  const answers = isIP(hostname)
    ? [{ address: hostname, family: isIP(hostname) }]
    : await withTimeout(lookup(hostname), timeoutMs);
  const addresses = answers.map((answer) => answer.address);
  checkAddresses(hostname, port, addresses);
  // Lambda has no IPv6 egress outside a VPC: prefer an IPv4 answer when there is one.
  const chosen = answers.find((answer) => answer.family === 4) ?? answers[0];
  // checkAddresses already refused an empty answer; this only tells the type checker.
  if (!chosen) throw new FetchRefusedError('dns', fetchMessages.dns(hostname));
  return chosen.address;
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FetchRefusedError('timeout', fetchMessages.timeout)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
