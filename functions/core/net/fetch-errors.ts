import { DomainError } from '../errors';

/**
 * Why a fetch of a user-given address did not give a page. The first group is our refusal
 * (the address is not one we fetch); the second is what the site did or failed to do.
 * Callers such as the audit crawler classify on this; the user reads the message.
 */
export type FetchRefusal =
  | 'invalid-url'
  | 'scheme'
  | 'credentials'
  | 'port'
  | 'private-address'
  | 'too-many-redirects'
  | 'too-large'
  | 'timeout'
  | 'dns'
  | 'unreachable'
  | 'tls'
  | 'bad-response';

const policyReasons = new Set<FetchRefusal>(['invalid-url', 'scheme', 'credentials', 'port', 'private-address']);

export const fetchMessages = {
  invalidUrl: 'This is not a valid web address.',
  scheme: 'Only http and https addresses can be fetched.',
  credentials: 'Addresses with a user name or password cannot be fetched.',
  port: 'This address uses a port that cannot be fetched.',
  privateAddress: 'This address points to a private network and cannot be fetched.',
  tooManyRedirects: 'The site redirected too many times.',
  tooLarge: (what: string, limit: string) => `The ${what} is larger than ${limit}.`,
  timeout: 'The site did not answer in time.',
  dns: (host: string) => `We could not find ${host}. Check the address.`,
  unreachable: (host: string) => `We could not reach ${host}.`,
  tls: (host: string) => `We could not open a secure connection to ${host}.`,
  badResponse: (host: string) => `${host} sent an answer we could not read.`,
};

/** A fetch refused or failed, as a 422 with a sentence for the user and a reason for the code. */
export class FetchRefusedError extends DomainError {
  constructor(
    readonly reason: FetchRefusal,
    message: string,
    /** The address that was refused or failed (for logs; the message is for the user). */
    readonly url?: string,
    options?: { cause?: unknown },
  ) {
    super('invalid', message, undefined, `FETCH_${reason.toUpperCase().replace(/-/g, '_')}`);
    this.name = 'FetchRefusedError';
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }

  /** True when we refused the address itself; false when the site failed or misbehaved. */
  get refusedByPolicy(): boolean {
    return policyReasons.has(this.reason);
  }
}

const dnsCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'ENODATA', 'ESERVFAIL', 'EREFUSED']);
const timeoutCodes = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
const tlsCode = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_OSSL_)/;
const badResponseCode = /^(HPE_|Z_|ERR_ZLIB|UND_ERR_RES_|UND_ERR_INFO|ERR_INVALID_CHAR)/;

/**
 * A failure of the site (or the network) as the user's sentence. Errors without a code are our
 * own bugs and are returned unchanged, so they reach the log as the 500 they are.
 */
export function toFetchError(error: unknown, url: URL): unknown {
  if (error instanceof FetchRefusedError) return error;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return error;
  const host = url.hostname;
  const make = (reason: FetchRefusal, message: string) =>
    new FetchRefusedError(reason, message, url.href, { cause: error });
  if (dnsCodes.has(code)) return make('dns', fetchMessages.dns(host));
  if (timeoutCodes.has(code)) return make('timeout', fetchMessages.timeout);
  if (unreachableCodes.has(code)) return make('unreachable', fetchMessages.unreachable(host));
  if (tlsCode.test(code)) return make('tls', fetchMessages.tls(host));
  if (badResponseCode.test(code)) return make('bad-response', fetchMessages.badResponse(host));
  return make('unreachable', fetchMessages.unreachable(host));
}
