import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { AI_LIMITS, AI_USER_LIMITS, countAiCall } from '../../functions/core/ai/ai-limits';
import { signedInUser, type TestClient } from '../support/api-client';
import { BAKERY_HOME, serveSite, type LoopbackSite } from '../support/loopback-site';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/**
 * The attack paid AI calls invited: a free company generated image after image, and started
 * plans, ideal customers and overviews without end, each one paid to a model. Every such call
 * is counted before it starts (functions/core/ai/ai-limits.ts, the calendar generation's one
 * pattern): per company by kind, and all kinds per user. Past a limit: the 429 with the spec's
 * sentence, and nothing starts.
 */
let site: LoopbackSite;

beforeAll(async () => {
  useSuiteRuntimeEnv();
  site = await serveSite((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BAKERY_HOME);
  });
});

afterAll(async () => {
  await site.close();
});

const expect429 = (res: { status: number; body: { message: string } }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body.message).toBe(messages.tooManyRequests);
};

/** Sends `count` calls one after another, expects each to pass with `status`, and answers their bodies. */
async function spend(count: number, status: number, send: () => Promise<{ status: number; body: unknown }>) {
  const bodies: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const res = await send();
    expect(res.status, `call ${i + 1}: ${JSON.stringify(res.body)}`).toBe(status);
    bodies.push(res.body);
  }
  return bodies;
}

/** Waits until every job started has ended (so none still reads this file's site once it closes). */
async function settleAll(client: TestClient, started: unknown[]) {
  for (const { uuid } of started as { uuid: string }[]) {
    for (let i = 0; i < 600 && (await client.get(`/api/lrp/${uuid}`)).status === 202; i++)
      await new Promise((r) => setTimeout(r, 100));
  }
}

const filesOf = async (client: TestClient) => ((await client.get('/api/content/files')).body as unknown[]).length;

describe('POST /api/content/generate (images)', () => {
  it('the eleventh image in an hour for a company is a 429 and stores nothing; another company is counted apart', async () => {
    expect(AI_LIMITS.image.max).toBe(10);
    const { client } = await signedInUser('ai-images');
    const image = () => client.post('/api/content/generate', { prompt: 'A loaf on a table', style_type: 'AUTO' });
    await spend(10, 201, image);
    expect429(await image());
    expect(await filesOf(client)).toBe(10);

    const other = await signedInUser('ai-images-other');
    expect((await other.client.post('/api/content/generate', { prompt: 'Buns', style_type: 'AUTO' })).status).toBe(201);
  });
});

describe('the onboarding calls', () => {
  it('POST /api/plan: the sixth start in an hour is a 429', async () => {
    expect(AI_LIMITS.marketingPlan.max).toBe(5);
    const { client } = await signedInUser('ai-plan');
    await spend(5, 202, () => client.post('/api/plan'));
    expect429(await client.post('/api/plan'));
  });

  it('POST /api/company/ideal-customer: the eleventh start in an hour is a 429', async () => {
    expect(AI_LIMITS.idealCustomers.max).toBe(10);
    const { client } = await signedInUser('ai-icp');
    await spend(10, 202, () => client.post('/api/company/ideal-customer'));
    expect429(await client.post('/api/company/ideal-customer'));
  });

  it('POST /api/company/overview: the eleventh start in an hour is a 429; a refused address is not counted', async () => {
    expect(AI_LIMITS.overview.max).toBe(10);
    const { client } = await signedInUser('ai-overview');
    // Refused before any model is asked: not counted.
    expect((await client.post('/api/company/overview', { website: 'http://10.0.0.7/' })).status).toBe(422);
    const started = await spend(10, 202, () => client.post('/api/company/overview', { website: site.origin }));
    expect429(await client.post('/api/company/overview', { website: site.origin }));
    await settleAll(client, started);
  });
});

describe('many companies do not buy more calls', () => {
  it("every kind counts toward the user's own limit, across their companies", async () => {
    // In-process against the suite's table: a user id of this test's own, companies of its own.
    const userId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    const companies = Array.from({ length: 6 }, (_, i) => 910_000_000 + userId * 10 + i);
    let counted = 0;
    for (const companyId of companies) {
      for (let i = 0; i < AI_LIMITS.image.max && counted < AI_USER_LIMITS.perHour.max; i++, counted++)
        await countAiCall('image', companyId, userId);
    }
    expect(counted).toBe(AI_USER_LIMITS.perHour.max);
    // A company with calls left, but the user has none.
    await expect(countAiCall('overview', 990_000_000 + userId, userId)).rejects.toMatchObject({
      kind: 'rate-limited',
      message: messages.tooManyRequests,
    });
  });
});
