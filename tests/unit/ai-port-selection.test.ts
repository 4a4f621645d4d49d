import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ai } from '../../functions/core/ai/ai';
import { createKeySource } from '../../functions/core/ai/openai-key';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';

const ENV = ['OPENAI_API_KEY', 'OPENAI_SECRET_ARN', 'OPENAI_BASE_URL', 'OPENAI_TEXT_MODEL', 'OPENAI_IMAGE_MODEL'];
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));

/** Sets an environment variable, or unsets it for undefined (assigning undefined would store "undefined"). */
function setEnv(name: string, value: string | undefined) {
  if (value === undefined) Reflect.deleteProperty(process.env, name);
  else process.env[name] = value;
}

afterEach(() => {
  for (const k of ENV) setEnv(k, saved[k]);
});

const overview = {
  name: 'Harbour Light Dental',
  description:
    'A family dental practice in Plymouth offering check-ups, hygiene appointments and gentle care for nervous patients.',
  locations: ['Plymouth'],
  tone: 'Calm and reassuring',
  voice: 'First person plural, plain English.',
};

describe('ai(): OpenAI when a key is set, else offline', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'sk-from-env' });
    fake.onChat = () => JSON.stringify(overview);
  });
  afterAll(() => fake.stop());

  it('without a key the offline generator answers', async () => {
    for (const k of ENV) setEnv(k, undefined);
    const port = await ai();
    expect(port.kind).toBe('offline');
    const [first] = await port.posts({
      company: { name: 'Harbour Light Dental', locations: ['Plymouth'] },
      platform: 'facebook',
      count: 1,
    });
    expect(first!.content).toMatch(/Harbour Light Dental/);
  });

  it('with OPENAI_API_KEY it calls the server at OPENAI_BASE_URL with the configured model', async () => {
    process.env.OPENAI_API_KEY = 'sk-from-env';
    process.env.OPENAI_BASE_URL = fake.baseURL;
    process.env.OPENAI_TEXT_MODEL = 'qwen2.5:7b';
    const port = await ai();
    expect(port.kind).toBe('openai');
    expect(await port.companyOverview({ url: 'https://harbourlight.example' })).toEqual(overview);
    expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', body: { model: 'qwen2.5:7b' } });
  });
});

describe('the OpenAI key from Secrets Manager', () => {
  it('is read at run time, kept for the TTL, then read again', async () => {
    process.env.OPENAI_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:123:secret:openai';
    delete process.env.OPENAI_API_KEY;
    let now = 0;
    const read = vi.fn(async () => (now < 1000 ? 'sk-first' : 'sk-rotated'));
    const key = createKeySource(read, 500, () => now);
    expect(await key()).toBe('sk-first');
    now = 400;
    expect(await key()).toBe('sk-first');
    expect(read).toHaveBeenCalledTimes(1);
    now = 1200;
    expect(await key()).toBe('sk-rotated');
    expect(read).toHaveBeenCalledTimes(2);
    expect(read).toHaveBeenCalledWith('arn:aws:secretsmanager:us-east-1:123:secret:openai');
  });

  it('a failed read is a TransientError and is not kept: the next call reads again', async () => {
    process.env.OPENAI_SECRET_ARN = 'arn:openai';
    delete process.env.OPENAI_API_KEY;
    const read = vi.fn().mockRejectedValueOnce(new Error('ThrottlingException')).mockResolvedValueOnce('sk-ok');
    const key = createKeySource(read, 60_000);
    const error = await key().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TransientError', message: expect.stringMatching(/ThrottlingException/) });
    expect(await key()).toBe('sk-ok');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('a placeholder or empty secret means no key (offline); a JSON secret with apiKey works; env wins', async () => {
    process.env.OPENAI_SECRET_ARN = 'arn:openai';
    delete process.env.OPENAI_API_KEY;
    expect(await createKeySource(async () => 'placeholder')()).toBeUndefined();
    expect(await createKeySource(async () => '  ')()).toBeUndefined();
    expect(await createKeySource(async () => '{"apiKey":"sk-json"}')()).toBe('sk-json');
    process.env.OPENAI_API_KEY = 'sk-env';
    const read = vi.fn();
    expect(await createKeySource(read)()).toBe('sk-env');
    expect(read).not.toHaveBeenCalled();
  });

  it('the default reader calls GetSecretValue with the real AWS SDK client (loopback Secrets Manager)', async () => {
    const seen: { target?: string; body?: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        seen.push({ target: req.headers['x-amz-target'] as string, body });
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(
          JSON.stringify({
            ARN: 'arn:openai',
            Name: 'OpenAiKey',
            SecretString: 'sk-from-secret',
            VersionId: 'v1',
            CreatedDate: 1700000000,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const env = { ...process.env };
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      AWS_REGION: 'us-east-1',
      OPENAI_SECRET_ARN: 'arn:openai',
    });
    delete process.env.OPENAI_API_KEY;
    try {
      expect(await createKeySource()()).toBe('sk-from-secret');
      expect(seen).toEqual([
        { target: 'secretsmanager.GetSecretValue', body: JSON.stringify({ SecretId: 'arn:openai' }) },
      ]);
    } finally {
      for (const k of [
        'AWS_ENDPOINT_URL_SECRETS_MANAGER',
        'AWS_ACCESS_KEY_ID',
        'AWS_SECRET_ACCESS_KEY',
        'AWS_REGION',
      ]) {
        setEnv(k, env[k]);
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
