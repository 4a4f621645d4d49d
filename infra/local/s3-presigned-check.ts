import { createHash, createHmac } from 'node:crypto';

/**
 * s3rver accepts any SigV4 signature ("calculation unimplemented"), so on the embedded runtime a
 * presigned URL could be bent to another key, type or size and still be taken. This checks
 * presigned (query-string SigV4) requests the way S3 does: the canonical request from the method,
 * path, query and signed headers, signed with the local credentials, must give the signature the
 * URL carries, before the expiry. Requests signed in the Authorization header (the server's
 * own SDK calls) pass through.
 */
interface KoaLikeContext {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

export function presignedSignatureCheck(secretAccessKey: string) {
  return async (ctx: KoaLikeContext, next: () => Promise<unknown>) => {
    const [path = '/', rawQuery = ''] = ctx.url.split('?', 2);
    const params = new URLSearchParams(rawQuery);
    const signature = params.get('X-Amz-Signature');
    if (!signature || ctx.method === 'OPTIONS') return next();
    const problem = check(ctx, path, rawQuery, signature, secretAccessKey);
    if (!problem) return next();
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${problem}</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>`;
  };
}

function check(ctx: KoaLikeContext, path: string, rawQuery: string, signature: string, secret: string) {
  const params = new URLSearchParams(rawQuery);
  const amzDate = params.get('X-Amz-Date') ?? '';
  const expires = Number(params.get('X-Amz-Expires') ?? 0);
  const credential = params.get('X-Amz-Credential') ?? '';
  const signedHeaders = (params.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!Number.isFinite(signedAt) || Date.now() > signedAt + expires * 1000) return 'AccessDenied';
  const [, date = '', region = '', service = ''] = credential.split('/');
  const encode = (value: string) =>
    encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = [...params]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a = '', av = ''], [b = '', bv = '']) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headerValue = (name: string) => {
    const value = ctx.headers[name];
    return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
  };
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${headerValue(name)}\n`).join('');
  const canonicalRequest = [
    ctx.method,
    path,
    query,
    canonicalHeaders,
    signedHeaders.join(';'),
    params.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return hmac(key, stringToSign).toString('hex') === signature ? undefined : 'SignatureDoesNotMatch';
}
