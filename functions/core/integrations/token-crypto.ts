import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { config } from '../config';

/**
 * Platform tokens are encrypted before they reach the table. The encryption context (company
 * and platform) is bound to the ciphertext, so a token copied into another company's item
 * does not decrypt there.
 */
export interface TokenCrypto {
  encrypt(plaintext: string, context: Record<string, string>): Promise<string>;
  decrypt(ciphertext: string, context: Record<string, string>): Promise<string>;
}

/** AWS: the stack's KMS key (TOKEN_KEY_ID); tokens are a few hundred bytes, under KMS's 4 KB. */
export function kmsTokenCrypto(keyId: string, client = new KMSClient({ region: config.region })): TokenCrypto {
  return {
    async encrypt(plaintext, context) {
      const out = await client.send(
        new EncryptCommand({ KeyId: keyId, Plaintext: Buffer.from(plaintext, 'utf8'), EncryptionContext: context }),
      );
      if (!out.CiphertextBlob) throw new Error('KMS returned no ciphertext');
      return `kms:${Buffer.from(out.CiphertextBlob).toString('base64')}`;
    },
    async decrypt(ciphertext, context) {
      if (!ciphertext.startsWith('kms:')) throw new Error('Not a KMS ciphertext');
      const out = await client.send(
        new DecryptCommand({
          KeyId: keyId,
          CiphertextBlob: Buffer.from(ciphertext.slice(4), 'base64'),
          EncryptionContext: context,
        }),
      );
      if (!out.Plaintext) throw new Error('KMS returned no plaintext');
      return Buffer.from(out.Plaintext).toString('utf8');
    },
  };
}

const aad = (context: Record<string, string>) =>
  Buffer.from(
    Object.keys(context)
      .sort()
      .map((k) => `${k}=${context[k] ?? ''}`)
      .join('&'),
  );

/** The key file's 32 random bytes, made on first use (mode 0600). */
function loadOrCreateKey(path: string): Buffer {
  try {
    const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
    if (key.length === 32) return key;
    throw new Error(`${path} does not hold a 32-byte key`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(path), { recursive: true });
    const key = randomBytes(32);
    // wx: two processes starting together keep the first key written.
    try {
      writeFileSync(path, key.toString('base64'), { mode: 0o600, flag: 'wx' });
      return key;
    } catch (raced) {
      if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
      return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
    }
  }
}

/** The embedded runtime: AES-256-GCM with a key file under DATA_DIR (TOKEN_KEY_FILE). */
export function fileTokenCrypto(path: string): TokenCrypto {
  let key: Buffer | undefined;
  const theKey = () => (key ??= loadOrCreateKey(path));
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', theKey(), iv);
      cipher.setAAD(aad(context));
      const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Promise.resolve(`gcm:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`);
    },
    decrypt(ciphertext, context) {
      if (!ciphertext.startsWith('gcm:')) return Promise.reject(new Error('Not a local ciphertext'));
      // A wrong key or context fails the GCM tag check: a rejection, like KMS's, not a throw.
      try {
        const raw = Buffer.from(ciphertext.slice(4), 'base64');
        const decipher = createDecipheriv('aes-256-gcm', theKey(), raw.subarray(0, 12));
        decipher.setAAD(aad(context));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Promise.resolve(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}

let chosen: { id: string; crypto: TokenCrypto } | undefined;

/** The port: KMS when the stack set TOKEN_KEY_ID, else the local key file; one instance per setting. */
export function tokenCrypto(): TokenCrypto {
  const keyId = config.tokenKeyId;
  const file = config.tokenKeyFile;
  const id = keyId ? `kms:${keyId}` : `file:${file ?? ''}`;
  if (chosen?.id === id) return chosen.crypto;
  if (!keyId && !file) throw new Error('Missing TOKEN_KEY_ID (AWS) or TOKEN_KEY_FILE (embedded runtime)');
  chosen = { id, crypto: keyId ? kmsTokenCrypto(keyId) : fileTokenCrypto(file ?? '') };
  return chosen.crypto;
}
