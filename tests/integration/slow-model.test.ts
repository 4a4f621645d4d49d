import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/api-client';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import type { RuntimeProcess } from '../support/runtime';
import { startRuntimeBesideSuite } from '../support/suite-runtime-env';
import { signedInUserAt } from '../support/test-site-runtime';

/**
 * A self-hosted model on a CPU answers in minutes, not seconds: a job that waits 90 s for its
 * answer is one job with one result, polled as running all along, never a 500 while it runs and
 * never written twice. A runtime of its own, pointed at the OpenAI stand-in.
 */
const MODEL_SECONDS = 90;
const PROFILE = (who: string) =>
  `# ${who}\n\n${'A neighbour who buys fresh sourdough every Saturday morning and orders a celebration cake for birthdays. '.repeat(3)}`;

let fake: FakeOpenAi;
let runtime: RuntimeProcess;
let client: TestClient;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.onChat = () => JSON.stringify({ profiles: [PROFILE('Weekend regulars'), PROFILE('Party planners')] });
  runtime = await startRuntimeBesideSuite({
    env: { OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL, PASSWORD_HASH_LOG2_N: '10' },
  });
  ({ client } = await signedInUserAt(runtime.url, 'slow-model'));
  const overview = await client.patch('/api/company/company', {
    name: "Rosa's Sourdough Bakery",
    description: 'Rosa’s Sourdough Bakery bakes slow-fermented sourdough loaves and cardamom buns every morning.',
    tone: 'Warm, welcoming and personal',
    voice: 'First person plural ("we")',
    locations: ['Bristol'],
  });
  expect(overview.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await runtime.stop();
  await fake.stop();
});

describe('a model that takes 90 s to answer', () => {
  it(
    'is one job with one result, running until it has it',
    async () => {
      fake.chatLatencyMs = MODEL_SECONDS * 1000;
      const started = await client.post('/api/company/ideal-customer');
      expect(started.status).toBe(202);
      const uuid = started.body.uuid as string;
      const statuses: number[] = [];
      let last = await client.get(`/api/lrp/${uuid}`);
      const deadline = Date.now() + (MODEL_SECONDS + 60) * 1000;
      while (last.status === 202 && Date.now() < deadline) {
        statuses.push(last.status);
        await new Promise((r) => setTimeout(r, 2000));
        last = await client.get(`/api/lrp/${uuid}`);
      }
      expect(statuses.length).toBeGreaterThan(30);
      expect(last.status, JSON.stringify(last.body)).toBe(200);
      expect(last.body.profiles).toHaveLength(2);
      expect(fake.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(1);
      // Written once, and nothing comes after the result.
      await new Promise((r) => setTimeout(r, 3000));
      const [company] = (await client.get('/api/company')).body;
      expect(company.icps).toHaveLength(2);
    },
    (MODEL_SECONDS + 90) * 1000,
  );
});
