import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { presignedSignatureCheck } from './s3-presigned-check';
import { randomS3Credentials, type S3Credentials } from './s3-credentials';

/** Browser uploads PUT straight to the bucket with presigned URLs, so it must allow our origin. */
function corsXml(origins: string[]) {
  const rules = origins
    .map(
      (origin) => `<CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>`,
    )
    .join('\n');
  return `<CORSConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${rules}</CORSConfiguration>`;
}

export interface LocalS3 {
  endpoint: string;
  /** What a client must sign with: the server refuses every other request (presigned URLs too). */
  credentials: S3Credentials;
  stop(): Promise<void>;
}

/**
 * s3rver in-process, objects kept as files under `dir`, so they survive a restart. Only requests
 * signed with `credentials` (by the SDK, or presigned) reach it; without them, a fresh random
 * secret, handed back in the answer.
 */
export async function startS3(
  dir: string,
  port: number,
  bucket: string,
  origins: string[],
  credentials: S3Credentials = randomS3Credentials(),
): Promise<LocalS3> {
  mkdirSync(dir, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [corsXml(origins)] }],
  });
  const middleware = (server as unknown as { middleware: ((...args: never[]) => unknown)[] }).middleware;
  // s3rver's request logger (koa-logger) pipes every streamed body through a byte counter and
  // formats a line for each request even when silent: about a fifth of a 2 MB download's cost.
  const logger = middleware.findIndex((fn) => fn.name === 'logger');
  if (logger >= 0) middleware.splice(logger, 1);
  // Checked before s3rver's own middleware, which serves anonymous requests and does not verify
  // SigV4 signatures.
  middleware.unshift(presignedSignatureCheck(credentials));
  const { port: bound } = await server.run();
  return { endpoint: `http://127.0.0.1:${bound}`, credentials, stop: () => server.close() };
}
