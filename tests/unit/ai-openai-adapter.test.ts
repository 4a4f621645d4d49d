import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiCompanyContext } from '../../functions/core/ai/ai-port';
import { createOpenAiAdapter, type OpenAiAdapterOptions } from '../../functions/core/ai/openai-adapter';
import {
  blogPostsReply,
  idealCustomersReply,
  keywordsReply,
  marketingPlanReply,
  overviewReply,
  postsReply,
  reviewReplyReply,
  strictJsonSchema,
} from '../../functions/core/ai/reply-schemas';
import { withTaskSignal } from '../../functions/core/jobs/task-signal';
import { type FakeOpenAi, startFakeOpenAi, strictSchemaProblem } from '../support/fake-openai';

const company: AiCompanyContext = {
  name: 'Harbour Light Dental',
  description:
    'Harbour Light Dental is a family dental practice offering check-ups, hygiene and gentle treatment for nervous patients.',
  customers: 'Local families and nervous adults',
  locations: ['Plymouth'],
  tone: 'Calm and reassuring',
};

const overview = {
  name: 'Harbour Light Dental',
  description:
    'A family dental practice in Plymouth offering check-ups, hygiene appointments and gentle care for nervous patients.',
  locations: ['Plymouth'],
  tone: 'Calm, reassuring and friendly',
  voice: 'First person plural, plain English, speaking directly to patients.',
};

const site = {
  url: 'https://harbourlight.example',
  title: 'Harbour Light Dental | Plymouth dentist',
  text: 'Gentle dentistry.',
};

/** The error a call rejects with; a call that resolves fails the test right here. */
async function rejectionOf(call: Promise<unknown>): Promise<Error> {
  try {
    await call;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to reject');
}

describe('OpenAI adapter against a loopback server speaking the OpenAI API', () => {
  let fake: FakeOpenAi;
  let sleeps: number[];
  const adapter = (over: Partial<OpenAiAdapterOptions> = {}) =>
    createOpenAiAdapter({
      apiKey: fake.apiKey,
      baseURL: fake.baseURL,
      textModel: 'gpt-4o-mini',
      imageModel: 'gpt-image-1',
      retry: { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5, maxAttempts: 3 },
      ...over,
    });

  beforeAll(async () => {
    fake = await startFakeOpenAi({ prefix: '/proxy' });
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.requests.length = 0;
    sleeps = [];
    fake.onChat = () => JSON.stringify(overview);
  });

  it('sends a strict json_schema structured-output request and returns the validated reply', async () => {
    const result = await adapter().companyOverview(site);
    expect(result).toEqual(overview);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.path).toBe('/proxy/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request.body.model).toBe('gpt-4o-mini');
    expect(request.body.response_format.type).toBe('json_schema');
    expect(request.body.response_format.json_schema.strict).toBe(true);
    expect(request.body.response_format.json_schema.schema.required).toEqual([
      'name',
      'description',
      'locations',
      'tone',
      'voice',
    ]);
    expect(request.body.messages.at(-1).content).toContain('harbourlight.example');
  });

  it('honours the base URL and models (an OpenAI-compatible server such as Ollama)', async () => {
    const other = await startFakeOpenAi({ prefix: '/ollama', apiKey: 'ollama' });
    try {
      other.onChat = () => JSON.stringify(overview);
      const port = createOpenAiAdapter({
        apiKey: 'ollama',
        baseURL: other.baseURL,
        textModel: 'llama3.1:8b',
        imageModel: 'x',
      });
      await port.companyOverview(site);
      expect(other.requests.map((r) => r.path)).toEqual(['/ollama/v1/chat/completions']);
      expect(other.requests[0]!.body.model).toBe('llama3.1:8b');
      expect(fake.requests).toHaveLength(0);
    } finally {
      await other.stop();
    }
  });

  it('retries a 429 after the wait its retry-after header asks for, then succeeds', async () => {
    fake.scriptChat({ kind: 'rate-limit', retryAfter: '2' });
    const result = await adapter().companyOverview(site);
    expect(result.name).toBe('Harbour Light Dental');
    expect(fake.requests).toHaveLength(2);
    expect(sleeps).toEqual([2000]);
  });

  it('uses x-ratelimit-reset-requests when a 429 has no retry-after', async () => {
    fake.scriptChat({ kind: 'rate-limit', resetRequests: '1.5s' });
    await adapter().companyOverview(site);
    expect(sleeps).toEqual([1500]);
  });

  it('backs off exponentially on 500s and ends in a TransientError once the retries are spent', async () => {
    fake.scriptChat({ kind: 'server-error' }, { kind: 'server-error' }, { kind: 'server-error' });
    const error = await rejectionOf(adapter().companyOverview(site));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('TransientError');
    expect(error.message).toMatch(/HTTP 500/);
    expect(fake.requests).toHaveLength(3);
    // random() = 0.5 gives 75% of each step: 500 ms, then 1000 ms.
    expect(sleeps).toEqual([375, 750]);
  });

  it('gives up at once when the server asks for a wait longer than a job should sleep', async () => {
    fake.scriptChat({ kind: 'rate-limit', retryAfter: '120' });
    const error = await rejectionOf(adapter().companyOverview(site));
    expect(error.name).toBe('TransientError');
    expect(fake.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('does not retry an exhausted quota (429 insufficient_quota) nor a 400: plain errors', async () => {
    fake.scriptChat({ kind: 'rate-limit', code: 'insufficient_quota', type: 'insufficient_quota' });
    const quota = await rejectionOf(adapter().companyOverview(site));
    expect(quota.name).toBe('Error');
    expect(quota.message).toMatch(/exceeded your current quota/);
    fake.scriptChat({ kind: 'error', status: 400, message: "Invalid 'model'", type: 'invalid_request_error' });
    const bad = await rejectionOf(adapter().companyOverview(site));
    expect(bad.name).toBe('Error');
    expect(bad.message).toMatch(/HTTP 400/);
    expect(fake.requests).toHaveLength(2);
  });

  it('a wrong key is a plain 401 error, not retried', async () => {
    const error = await rejectionOf(adapter({ apiKey: 'sk-wrong' }).companyOverview(site));
    expect(error.name).toBe('Error');
    expect(error.message).toMatch(/401/);
    expect(fake.requests).toHaveLength(1);
  });

  it('retries once a reply that fails the zod schema, telling the model what was wrong', async () => {
    fake.scriptChat(
      { kind: 'content', content: JSON.stringify({ ...overview, description: 'Too short.' }) },
      { kind: 'content', content: JSON.stringify(overview) },
    );
    expect(await adapter().companyOverview(site)).toEqual(overview);
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1]!.body.messages;
    expect(retry.at(-2)).toMatchObject({ role: 'assistant' });
    expect(retry.at(-1).content).toMatch(/description.*at least 80/);
  });

  it('fails with a clear error when the reply fails the schema twice', async () => {
    fake.onChat = () => JSON.stringify({ name: 'Harbour Light Dental' });
    const error = await rejectionOf(adapter().companyOverview(site));
    expect(error.name).toBe('AiReplyError');
    expect(error.message).toMatch(/Company overview: .*did not pass validation twice.*description/);
    expect(fake.requests).toHaveLength(2);
  });

  it('treats non-JSON and truncated replies as failing the schema', async () => {
    fake.scriptChat(
      { kind: 'content', content: 'Sure! Here is your overview' },
      { kind: 'content', content: '{"name":', finishReason: 'length' },
    );
    const error = await rejectionOf(adapter().companyOverview(site));
    expect(error.name).toBe('AiReplyError');
    expect(error.message).toMatch(/cut off/);
  });

  it('a refusal is an error naming it', async () => {
    fake.scriptChat({ kind: 'refusal', refusal: "I can't help with that." });
    await expect(adapter().companyOverview(site)).rejects.toThrow(/refused \(I can't help with that.\)/);
  });

  it('posts: a reply breaking the platform length rule or repeating a post is rejected', async () => {
    const good = [
      'First post: gentle check-ups for nervous patients in Plymouth, at your own pace. Book today!',
      'Second post: our hygienists explain what happens at a routine visit, step by step.',
    ];
    fake.scriptChat(
      { kind: 'content', content: JSON.stringify({ posts: [{ content: 'x'.repeat(501) }, { content: good[1] }] }) },
      { kind: 'content', content: JSON.stringify({ posts: [{ content: good[0] }, { content: `${good[0]} ` }] }) },
    );
    const error = await rejectionOf(adapter().posts({ company, platform: 'threads', count: 2 }));
    expect(error.name).toBe('AiReplyError');
    expect(error.message).toMatch(/repeats an earlier one/);
    expect(fake.requests[1]!.body.messages.at(-1).content).toMatch(/at most 500 characters/);

    fake.scriptChat({ kind: 'content', content: JSON.stringify({ posts: good.map((content) => ({ content })) }) });
    expect(await adapter().posts({ company, platform: 'threads', count: 2 })).toEqual(
      good.map((content) => ({ content })),
    );
  });

  it('ideal customers: exactly two profiles', async () => {
    const profile = (n: number) => `# Persona ${n}\n\n## Summary\n${'A detailed profile sentence. '.repeat(10)}`;
    fake.scriptChat(
      { kind: 'content', content: JSON.stringify({ profiles: [profile(1), profile(2), profile(3)] }) },
      { kind: 'content', content: JSON.stringify({ profiles: [profile(1), profile(2)] }) },
    );
    const profiles = await adapter().idealCustomers(company);
    expect(profiles).toHaveLength(2);
    expect(fake.requests[0]!.body.response_format.json_schema.schema.properties.profiles).toMatchObject({
      minItems: 2,
      maxItems: 2,
    });
  });

  it('keywords: estimates in range and no phrase twice, else asked again; the prompt carries the company', async () => {
    const keyword = (k: string, difficulty = 30) => ({
      keyword: k,
      volume: 480,
      difficulty,
      cpc: 2.4,
      recommended: false,
    });
    fake.scriptChat(
      {
        kind: 'content',
        content: JSON.stringify({ keywords: [keyword('dentist plymouth', 140), keyword('Dentist Plymouth')] }),
      },
      {
        kind: 'content',
        content: JSON.stringify({
          keywords: [keyword('Dentist Plymouth'), { ...keyword('nervous patient dentist'), recommended: true }],
        }),
      },
    );
    const suggested = await adapter().keywords({ company, count: 2 });
    expect(suggested).toEqual([
      keyword('dentist plymouth'),
      { ...keyword('nervous patient dentist'), recommended: true },
    ]);
    const first = fake.requests[0]!.body;
    expect(first.response_format.json_schema.name).toBe('seo_keywords');
    expect(first.messages.at(-1).content).toMatch(/Harbour Light Dental/);
    expect(first.messages.at(-1).content).toMatch(/Plymouth/);
    // The first reply broke the difficulty range and repeated a phrase: both named to the model.
    const retry = fake.requests[1]!.body.messages.at(-1).content;
    expect(retry).toMatch(/difficulty/);
    expect(retry).toMatch(/repeats an earlier one/);
  });

  it('images: gpt-image models get no response_format and the base64 PNG is decoded with its size', async () => {
    const png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();
    fake.scriptImages({ kind: 'rate-limit', retryAfterMs: '10' }, { kind: 'image', png });
    const image = await adapter().image({ prompt: 'A bright dental clinic waiting room', style: 'REALISTIC' });
    expect(image).toMatchObject({ width: 1024, height: 1024 });
    expect(image.png.equals(png)).toBe(true);
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/proxy/v1/images/generations');
    expect(sent.body).toMatchObject({ model: 'gpt-image-1', size: '1024x1024', n: 1 });
    expect(sent.body.response_format).toBeUndefined();
    expect(sent.body.prompt).toMatch(/Photorealistic/);
    expect(sleeps).toEqual([375]);
  });

  it('images: other models are asked for b64_json', async () => {
    const image = await adapter({ imageModel: 'dall-e-3' }).image({
      prompt: 'A poster',
      style: 'DESIGN',
      width: 1792,
      height: 1024,
    });
    expect(fake.requests[0]!.body).toMatchObject({ response_format: 'b64_json', size: '1792x1024' });
    expect(image).toMatchObject({ width: 1792, height: 1024 });
  });

  it('every reply schema is accepted by strict structured outputs (closed objects, all keys required, no length keywords)', () => {
    const schemas = [
      overviewReply,
      idealCustomersReply,
      marketingPlanReply,
      postsReply('instagram', 3),
      blogPostsReply('wordpress', 2),
      reviewReplyReply,
      keywordsReply(20),
    ];
    for (const schema of schemas) {
      const json = strictJsonSchema(schema);
      expect(strictSchemaProblem(json)).toBeUndefined();
      expect(json).not.toHaveProperty('$schema');
    }
    expect(strictSchemaProblem({ type: 'object', properties: { a: { type: 'string' } }, required: [] })).toMatch(
      /required/,
    );
  });

  it('cancels the request in flight and retries nothing once the task signal aborts', async () => {
    fake.chatLatencyMs = 5000;
    try {
      const signal = AbortSignal.timeout(200);
      const began = performance.now();
      const error = await rejectionOf(withTaskSignal(signal, () => adapter().companyOverview(site)));
      expect(error.message).toMatch(/abort/i);
      // Not the model's 5 s, and no retry after the abort.
      expect(performance.now() - began).toBeLessThan(4000);
      expect(fake.requests).toHaveLength(1);
      expect(sleeps).toEqual([]);
      // An aborted signal starts nothing at all.
      await rejectionOf(withTaskSignal(signal, () => adapter().companyOverview(site)));
      expect(fake.requests).toHaveLength(1);
    } finally {
      fake.chatLatencyMs = 0;
    }
  });
});
