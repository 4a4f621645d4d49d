import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localS3Credentials, readLocalS3Credentials, S3_CREDENTIALS_FILE } from '../../infra/local/s3-credentials';

/** The embedded S3 server's secret: random, made once per DATA_DIR, kept across restarts, owner-only. */
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 's3-credentials-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('localS3Credentials', () => {
  it('makes a random secret once per DATA_DIR and reads the same one after a restart', () => {
    const dir = dataDir();
    const first = localS3Credentials(dir);
    expect(first.secretAccessKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.secretAccessKey).not.toBe('S3RVER');
    expect(localS3Credentials(dir)).toEqual(first);
    expect(readLocalS3Credentials(dir)).toEqual(first);
    expect(localS3Credentials(dataDir()).secretAccessKey).not.toBe(first.secretAccessKey);
    if (process.platform !== 'win32') expect(statSync(join(dir, S3_CREDENTIALS_FILE)).mode & 0o777).toBe(0o600);
  });

  it('reading a DATA_DIR that has none fails rather than guessing', () => {
    expect(() => readLocalS3Credentials(dataDir())).toThrow();
  });
});
