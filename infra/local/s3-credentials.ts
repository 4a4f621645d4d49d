import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** s3rver's account registry knows this access key id only; the secret is what proves the caller. */
const LOCAL_S3_ACCESS_KEY_ID = 'S3RVER';

/** Kept in DATA_DIR beside the token key: a presigned URL from before a restart still opens. */
export const S3_CREDENTIALS_FILE = 's3-credentials.json';

export const randomS3Credentials = (): S3Credentials => ({
  accessKeyId: LOCAL_S3_ACCESS_KEY_ID,
  secretAccessKey: randomBytes(32).toString('hex'),
});

/** The runtime's S3 credentials as written in `dataDir` (tests read them there to reach its bucket). */
export function readLocalS3Credentials(dataDir: string): S3Credentials {
  const parsed = JSON.parse(readFileSync(join(dataDir, S3_CREDENTIALS_FILE), 'utf8')) as Partial<S3Credentials>;
  if (typeof parsed.accessKeyId !== 'string' || typeof parsed.secretAccessKey !== 'string' || !parsed.secretAccessKey) {
    throw new Error(`${S3_CREDENTIALS_FILE} in ${dataDir} holds no credentials`);
  }
  return { accessKeyId: parsed.accessKeyId, secretAccessKey: parsed.secretAccessKey };
}

/**
 * The embedded S3 server's credentials: a random secret made once per DATA_DIR (a well-known
 * secret would let any page or process that knows it sign its own requests), readable by the
 * owner only.
 */
export function localS3Credentials(dataDir: string): S3Credentials {
  try {
    return readLocalS3Credentials(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const made = randomS3Credentials();
  try {
    // 'wx': of two processes starting on the same DATA_DIR, one writes and both read its file.
    writeFileSync(join(dataDir, S3_CREDENTIALS_FILE), JSON.stringify(made), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readLocalS3Credentials(dataDir);
}
