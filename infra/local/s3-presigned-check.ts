import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import type { S3Credentials } from './s3-credentials';

/**
 * s3rver serves anonymous requests (listing, PUT, DELETE, browser form POST) and accepts any SigV4
 * signature ("calculation unimplemented"). In front of it, this lets through only what S3 itself
 * would take from a caller holding the runtime's credentials:
 *
 * - presigned requests (SigV4 in the query string): the URL's signature is computed again, with
 *   the SDK's own signer, from what arrived (method, path, query, the signed headers' values),
 *   and must match, before the URL's expiry;
 * - requests signed in the Authorization header (the runtime's own SDK client): the same, within
 *   S3's 15 minutes of clock skew;
 * - CORS preflights (OPTIONS), which carry no credentials by design and change nothing.
 *
 * Everything else is a 403: no signature, SigV2, POST policy forms, another access key or
 * secret, an expired URL, a signed header that differs or is missing, an x-amz-* header that is
 * not signed. The payload hash a header-signed request declares is taken as declared: only the
 * runtime's own client signs that way, over loopback.
 */
interface KoaLikeContext {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
}

/** S3's allowed clock skew for header-signed requests, and for a presigned URL's signing time. */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** SigV4 presigned URLs live at most a week. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
const ALGORITHM = 'AWS4-HMAC-SHA256';
const AUTH_HEADER = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/;
/** Query parameters the presigner writes itself (the signature over the rest). */
const PRESIGN_PARAMS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
];
const PAYLOAD_HEADER = 'x-amz-content-sha256';

/** SHA-256 and HMAC-SHA256 for the signer, from node:crypto (the SDK's Checksum shape). */
class NodeSha256 {
  private hash: ReturnType<typeof createHash> | ReturnType<typeof createHmac>;
  constructor(private readonly secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = this.make();
  }
  private make() {
    const secret = this.secret;
    if (secret === undefined) return createHash('sha256');
    return createHmac('sha256', typeof secret === 'string' ? secret : toBytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(typeof data === 'string' ? data : toBytes(data));
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset() {
    this.hash = this.make();
  }
}

const toBytes = (data: ArrayBuffer | ArrayBufferView) =>
  ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);

type Query = Record<string, string | string[]>;

/** The query as sent, decoded once (as S3 reads it); undefined when it is not valid percent-encoding. */
function parseQuery(raw: string): Query | undefined {
  const query: Query = {};
  for (const part of raw.split('&')) {
    if (!part) continue;
    const at = part.indexOf('=');
    let name: string, value: string;
    try {
      name = decodeURIComponent(at < 0 ? part : part.slice(0, at));
      value = at < 0 ? '' : decodeURIComponent(part.slice(at + 1));
    } catch {
      return undefined;
    }
    const seen = query[name];
    query[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}

const single = (query: Query, name: string) => {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
};

/** 20240131T235959Z, the only form SigV4 signs. */
function parseAmzDate(value: string | undefined): Date | undefined {
  const m = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(value ?? '');
  if (!m) return undefined;
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

class Refusal {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}
}

const denied = (message: string) => new Refusal('AccessDenied', message);
const mismatch = () =>
  new Refusal(
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided.',
  );

export function presignedSignatureCheck(credentials: S3Credentials, clock: () => number = Date.now) {
  const signer = new SignatureV4({
    credentials,
    region: 'us-east-1',
    service: 's3',
    sha256: NodeSha256,
    // S3 signs the path as sent, not encoded a second time.
    uriEscapePath: false,
    applyChecksum: false,
  });

  const headerValue = (ctx: KoaLikeContext, name: string) => {
    const value = ctx.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };

  /** S3 refuses x-amz-* headers that the signature does not cover. */
  const unsignedAmzHeader = (ctx: KoaLikeContext, signed: Set<string>) =>
    Object.keys(ctx.headers).find((name) => name.startsWith('x-amz-') && !signed.has(name));

  /** The signed headers with the values that arrived; undefined when one is missing. */
  const signedHeaderValues = (ctx: KoaLikeContext, signed: string[]) => {
    const headers: Record<string, string> = {};
    for (const name of signed) {
      const value = headerValue(ctx, name);
      if (value === undefined) return undefined;
      headers[name] = value;
    }
    return headers;
  };

  /** `<access key>/<yyyymmdd>/<region>/s3/aws4_request`: this runtime's key, for S3. */
  const scopeOf = (credential: string) => {
    const [accessKeyId, date, region, service, terminator, ...rest] = credential.split('/');
    if (accessKeyId !== credentials.accessKeyId) return undefined;
    if (!date || !region || service !== 's3' || terminator !== 'aws4_request' || rest.length) return undefined;
    return { region };
  };

  async function checkHeaderSigned(ctx: KoaLikeContext, path: string, query: Query): Promise<Refusal | undefined> {
    const match = AUTH_HEADER.exec(headerValue(ctx, 'authorization') ?? '');
    if (!match) return denied('Only AWS4-HMAC-SHA256 signatures are accepted.');
    const [, credential = '', signedList = '', signature = ''] = match;
    const scope = scopeOf(credential);
    if (!scope) return new Refusal('InvalidAccessKeyId', 'The access key is not this server’s.');
    const signed = signedList.split(';');
    if (!signed.includes('host') || !signed.includes('x-amz-date') || !signed.includes(PAYLOAD_HEADER)) {
      return denied('Host, x-amz-date and x-amz-content-sha256 must be signed.');
    }
    const unsigned = unsignedAmzHeader(ctx, new Set(signed));
    if (unsigned) return denied(`Header ${unsigned} is not signed.`);
    const signingDate = parseAmzDate(headerValue(ctx, 'x-amz-date'));
    if (!signingDate) return denied('x-amz-date is missing or malformed.');
    if (Math.abs(clock() - signingDate.getTime()) > MAX_SKEW_MS) {
      return new Refusal('RequestTimeTooSkewed', 'The request time is too far from the server time.');
    }
    const headers = signedHeaderValues(ctx, signed);
    if (!headers) return denied('A signed header is missing.');
    const resigned = await signer.sign(
      { method: ctx.method, protocol: 'http:', hostname: headers.host ?? '', path, query, headers },
      { signingDate, signingRegion: scope.region, signingService: 's3', signableHeaders: new Set(signed) },
    );
    const expected = AUTH_HEADER.exec(resigned.headers.authorization ?? '');
    const ok = expected?.[1] === credential && expected[2] === signedList && sameText(expected[3] ?? '', signature);
    return ok ? undefined : mismatch();
  }

  async function checkPresigned(ctx: KoaLikeContext, path: string, query: Query): Promise<Refusal | undefined> {
    const [algorithm, credential, amzDate, expiresText, signedList, signature] = PRESIGN_PARAMS.map((name) =>
      single(query, name),
    );
    if (algorithm !== ALGORITHM) return denied('Only AWS4-HMAC-SHA256 signatures are accepted.');
    if (!credential || !signedList || !signature || !expiresText) return denied('The presigned URL is incomplete.');
    const scope = scopeOf(credential);
    if (!scope) return new Refusal('InvalidAccessKeyId', 'The access key is not this server’s.');
    const signingDate = parseAmzDate(amzDate);
    const expiresIn = /^\d{1,7}$/.test(expiresText) ? Number(expiresText) : NaN;
    if (!signingDate || !(expiresIn >= 1 && expiresIn <= MAX_EXPIRES_SECONDS)) {
      return denied('X-Amz-Date or X-Amz-Expires is malformed.');
    }
    const now = clock();
    if (signingDate.getTime() > now + MAX_SKEW_MS) return denied('Request is not valid yet.');
    if (now > signingDate.getTime() + expiresIn * 1000) return denied('Request has expired.');
    const signed = signedList.split(';');
    if (!signed.includes('host')) return denied('Host must be signed.');
    const signedSet = new Set(signed);
    const unsigned = unsignedAmzHeader(ctx, signedSet);
    if (unsigned) return denied(`Header ${unsigned} is not signed.`);
    const headers = signedHeaderValues(ctx, signed);
    if (!headers) return denied('A signed header is missing.');
    // The presigner hoists x-amz-* headers into the query and signs over what it hoisted; the
    // payload hash is the hoisted X-Amz-Content-Sha256 (or UNSIGNED-PAYLOAD, as S3 assumes).
    const unsignedQuery = Object.fromEntries(Object.entries(query).filter(([name]) => !PRESIGN_PARAMS.includes(name)));
    const payloadHash = headers[PAYLOAD_HEADER] ?? single(query, 'X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    const resigned = await signer.presign(
      {
        method: ctx.method,
        protocol: 'http:',
        hostname: headers.host ?? '',
        path,
        query: unsignedQuery,
        headers: { ...headers, [PAYLOAD_HEADER]: payloadHash },
      },
      {
        signingDate,
        expiresIn,
        signingRegion: scope.region,
        signingService: 's3',
        signableHeaders: signedSet,
        unhoistableHeaders: new Set([...signed, PAYLOAD_HEADER]),
        unsignableHeaders: new Set(signedSet.has(PAYLOAD_HEADER) ? [] : [PAYLOAD_HEADER]),
      },
    );
    const out = resigned.query ?? {};
    const ok =
      out['X-Amz-Credential'] === credential &&
      out['X-Amz-SignedHeaders'] === signedList &&
      sameText(String(out['X-Amz-Signature'] ?? ''), signature);
    return ok ? undefined : mismatch();
  }

  async function check(ctx: KoaLikeContext): Promise<Refusal | undefined> {
    const at = ctx.url.indexOf('?');
    const path = at < 0 ? ctx.url : ctx.url.slice(0, at);
    const query = parseQuery(at < 0 ? '' : ctx.url.slice(at + 1));
    if (!query) return denied('The query string is not valid.');
    const header = ctx.headers.authorization !== undefined;
    const presigned = 'X-Amz-Signature' in query || 'X-Amz-Algorithm' in query;
    if (header && presigned) return denied('Only one authentication mechanism is allowed.');
    if (header) return checkHeaderSigned(ctx, path, query);
    if (presigned) return checkPresigned(ctx, path, query);
    return denied('Anonymous requests are not accepted: sign the request or use a presigned URL.');
  }

  return async (ctx: KoaLikeContext, next: () => Promise<unknown>) => {
    // A CORS preflight carries no credentials (browsers never send them) and has no effect.
    if (ctx.method === 'OPTIONS') return next();
    let refusal: Refusal | undefined;
    try {
      refusal = await check(ctx);
    } catch {
      refusal = mismatch();
    }
    if (!refusal) return next();
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${escapeXml(refusal.message)}</Message></Error>`;
  };
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
