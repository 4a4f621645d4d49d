import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsGenerationJob } from '../../functions/core/calendar/generation';
import { signedInUser } from '../support/api-client';
import { type ChatBody, type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/**
 * Generation with a language model that misbehaves the way models do (the same post for two
 * platforms, an excluded word): the job checks every answer and asks again, instead of writing what
 * it was given. The job runs in-process (as the run-job worker does) against the suite's table,
 * with the AI port pointed at the OpenAI stand-in on loopback.
 */
let fake: FakeOpenAi;
const saved = { key: process.env.OPENAI_API_KEY, base: process.env.OPENAI_BASE_URL };

beforeAll(async () => {
  useSuiteRuntimeEnv();
  fake = await startFakeOpenAi();
  process.env.OPENAI_API_KEY = fake.apiKey;
  process.env.OPENAI_BASE_URL = fake.baseURL;
});

afterAll(async () => {
  process.env.OPENAI_API_KEY = saved.key ?? '';
  process.env.OPENAI_BASE_URL = saved.base ?? '';
  await fake.stop();
});

/** Two days ahead, whatever today is: generation refuses days past and fills no slot already gone. */
const day = (ahead: number) => new Date(Date.now() + ahead * 24 * 3600_000).toISOString().slice(0, 10);
const FROM = day(1);
const TO = day(2);

const SHARED =
  'Fresh loaves every morning at Crumb & Co: sourdough, rye and seeded spelt, baked by hand before sunrise.';
const post = (topic: string) =>
  `${topic} at Crumb & Co. We bake everything by hand each morning, so come early and say hello to the team.`;

describe('generation with a model', () => {
  it('drops a post that repeats another platform’s or names an exclusion, and asks again', async () => {
    const { client, companyId, profile } = await signedInUser('gen-model');
    const asked: { platform: string; count: number }[] = [];
    fake.onChat = (body: ChatBody) => {
      const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
      const match = /Write (\d+) different (\w+) posts/.exec(user);
      const count = Number(match?.[1]);
      const platform = match?.[2] ?? '';
      asked.push({ platform, count });
      const first = asked.filter((a) => a.platform === platform).length === 1;
      let posts: string[];
      if (platform === 'facebook') posts = first ? [SHARED, post('Our new prices for spring')] : [];
      else posts = first ? [SHARED, post('Cardamom buns are back')] : [];
      if (!first)
        posts = Array.from({ length: count }, (_, i) => post(`${platform} idea number ${i + 1}: seasonal bakes`));
      return JSON.stringify({ posts: posts.map((content) => ({ content })) });
    };

    const result = await postsGenerationJob.run(
      {
        platforms: ['facebook', 'linkedin'],
        exclusions: "Don't mention prices",
        from: FROM,
        to: TO,
        zone: 'Europe/Lisbon',
      },
      {
        uuid: 'test',
        companyId,
        userId: profile.id as number,
        step: async () => undefined,
        signal: new AbortController().signal,
      },
    );
    expect(result.created).toBe(4);
    // Facebook's excluded post and LinkedIn's copy of Facebook's first were each asked again, once.
    expect(asked.filter((a) => a.platform === 'facebook').map((a) => a.count)).toEqual([2, 7]);
    expect(asked.filter((a) => a.platform === 'linkedin').map((a) => a.count)).toEqual([2, 7]);
    const written = (await client.get(`/api/calendar/list/range?zone=Europe/Lisbon&from=${FROM}&to=${TO}`)).body as {
      platform: string;
      content: string;
      error: string | null;
    }[];
    expect(written.map((p) => p.platform).sort()).toEqual(['facebook', 'facebook', 'linkedin', 'linkedin']);
    expect(written.filter((p) => p.content === SHARED)).toHaveLength(1);
    expect(written.some((p) => p.content.includes('prices'))).toBe(false);
    expect(written.every((p) => p.error === null)).toBe(true);
  });

  it('ends with the user sentence, writing nothing, when the model cannot give enough different posts', async () => {
    const { client, companyId, profile } = await signedInUser('gen-model-stuck');
    fake.onChat = (body: ChatBody) => {
      const count = Number(/Write (\d+) different/.exec(body.messages.at(-1)?.content ?? '')?.[1] ?? 1);
      return JSON.stringify({
        posts: Array.from({ length: count }, (_, i) => ({ content: i === 0 ? SHARED : post(`Banned prices ${i}`) })),
      });
    };
    await expect(
      postsGenerationJob.run(
        { platforms: ['threads'], exclusions: 'no prices', from: day(2), to: day(3), zone: 'UTC' },
        {
          uuid: 'test',
          companyId,
          userId: profile.id as number,
          step: async () => undefined,
          signal: new AbortController().signal,
        },
      ),
    ).rejects.toThrow('The AI could not write enough different posts for these dates. Please try again.');
    expect((await client.get(`/api/calendar/list/range?zone=UTC&from=${day(2)}&to=${day(3)}`)).body).toEqual([]);
  });
});
