import { messages } from '@shared/messages';
import { seoKeywordListSchema, seoKeywordMessages, type SeoKeyword } from '@shared/schemas/seo-keywords';
import { beforeAll, describe, expect, it } from 'vitest';
import { generationContext } from '../../functions/core/calendar/generation';
import { signedInUser, teammate, TestClient } from '../support/api-client';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';
import { makePaid } from '../support/billing';

beforeAll(() => {
  useSuiteRuntimeEnv();
});

/**
 * SEO keywords (spec 02 §1, §6–§9) over HTTP on the embedded runtime with the offline AI:
 * suggestions as a job, the saved ten, the paid-plan and website rules, and other companies.
 */

const BAKERY = {
  name: "Rosa's Sourdough Bakery",
  description:
    'A family-run artisan bakery baking sourdough bread, cinnamon buns and pastries every morning in the heart of Leeds.',
  website: 'https://rosas-bakery.example',
  locations: ['Leeds, UK'],
};

async function paidBakery(label: string) {
  const user = await signedInUser(label);
  const updated = await user.client.patch('/api/company/company', BAKERY);
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  await makePaid(user.client);
  return user;
}

/** Starts the generation and polls GET /api/lrp/{uuid} until it answers anything but 202. */
async function generate(client: TestClient) {
  const started = await client.post('/api/seo/keywords/generate');
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  for (let i = 0; i < 300; i++) {
    const res = await client.get(`/api/lrp/${started.body.uuid as string}`);
    if (res.status !== 202) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the keyword job never finished');
}

const words = (list: SeoKeyword[]) => list.map((k) => k.keyword);

describe('SEO keywords', () => {
  it('suggests keywords for the website as a job; the list stays until the next generation', async () => {
    const { client } = await paidBakery('kw-suggest');
    expect((await client.get('/api/seo/keywords')).body).toEqual([]);

    const done = await generate(client);
    expect(done.status).toBe(200);
    const suggested = seoKeywordListSchema.parse(done.body);
    expect(suggested.length).toBeGreaterThanOrEqual(12);
    expect(suggested.length).toBeLessThanOrEqual(20);
    expect(new Set(words(suggested)).size).toBe(suggested.length);
    // Built from what the company is and where: an artisan bakery in Leeds.
    expect(words(suggested).some((k) => k.includes('bakery') && k.includes('leeds'))).toBe(true);
    expect(suggested.some((k) => k.isRecommended)).toBe(true);
    for (const k of suggested) {
      expect(k.isSelected).toBe(false);
      expect(k.volume).toBeGreaterThanOrEqual(0);
      expect(k.difficulty).toBeGreaterThanOrEqual(0);
      expect(k.difficulty).toBeLessThanOrEqual(100);
      expect(k.cpc).toBeGreaterThanOrEqual(0);
    }
    expect((await client.get('/api/seo/keywords')).body).toEqual(suggested);
  });

  it('saves up to ten of the suggestions, replacing the saved ones; they stay selected after a new generation', async () => {
    const { client, companyId } = await paidBakery('kw-save');
    const suggested = seoKeywordListSchema.parse((await generate(client)).body);
    const first = words(suggested).slice(0, 3);

    const saved = await client.post('/api/seo/keywords', first);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(words(seoKeywordListSchema.parse(saved.body).filter((k) => k.isSelected))).toEqual(first);

    // A save overwrites: the same phrase in another case counts once, and the earlier three are gone.
    const next = words(suggested).slice(3, 5);
    const replaced = await client.post('/api/seo/keywords', [...next, next[0]!.toUpperCase()]);
    expect(replaced.status).toBe(200);
    const selected = seoKeywordListSchema.parse(replaced.body).filter((k) => k.isSelected);
    expect(words(selected)).toEqual(next);

    // A new generation keeps the saved two selected, with their figures.
    const again = seoKeywordListSchema.parse((await generate(client)).body);
    expect(words(again.filter((k) => k.isSelected))).toEqual(next);

    // Post generation is given the saved keywords.
    expect((await generationContext(companyId)).keywords).toEqual(next);

    // Saving none clears them.
    const cleared = await client.post('/api/seo/keywords', []);
    expect(seoKeywordListSchema.parse(cleared.body).filter((k) => k.isSelected)).toEqual([]);
  });

  it('refuses more than ten, keywords never suggested, blanks and non-lists, and changes nothing', async () => {
    const { client } = await paidBakery('kw-refuse');
    const suggested = seoKeywordListSchema.parse((await generate(client)).body);
    await client.post('/api/seo/keywords', words(suggested).slice(0, 2));

    const eleven = await client.post('/api/seo/keywords', words(suggested).slice(0, 11));
    expect(eleven.status).toBe(422);
    expect(eleven.body.message).toBe(seoKeywordMessages.tooMany);
    expect(seoKeywordMessages.tooMany).toBe('You can only select up to 10 keywords');

    const stranger = await client.post('/api/seo/keywords', [words(suggested)[0], 'cheap flights to paris']);
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors).toEqual([
      { path: '1', message: seoKeywordMessages.notSuggested('cheap flights to paris') },
    ]);

    for (const body of [[''], ['x'.repeat(81)], 'bakery', { keywords: [] }, [42]]) {
      const res = await client.post('/api/seo/keywords', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).not.toMatch(/Error:|stack/);
    }
    const kept = seoKeywordListSchema.parse((await client.get('/api/seo/keywords')).body);
    expect(words(kept.filter((k) => k.isSelected))).toEqual(words(suggested).slice(0, 2));
  });

  it('counts generations per company: the eleventh in an hour is refused (429), other companies are not', async () => {
    const { client } = await paidBakery('kw-limit');
    for (let i = 0; i < 10; i++) expect((await client.post('/api/seo/keywords/generate')).status).toBe(202);
    const refused = await client.post('/api/seo/keywords/generate');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(messages.tooManyRequests);
    const other = await paidBakery('kw-limit-other');
    expect((await other.client.post('/api/seo/keywords/generate')).status).toBe(202);
  });

  it('needs a paid plan (402) and a company website (the spec sentence)', async () => {
    const free = await signedInUser('kw-free');
    await free.client.patch('/api/company/company', BAKERY);
    for (const res of [
      await free.client.post('/api/seo/keywords/generate'),
      await free.client.post('/api/seo/keywords', []),
    ]) {
      expect(res.status).toBe(402);
      expect(res.body.code).toBe('UPGRADE_REQUIRED');
    }

    const noSite = await signedInUser('kw-nosite');
    await makePaid(noSite.client);
    const res = await noSite.client.post('/api/seo/keywords/generate');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.websiteNotRegistered);

    const signedOut = new TestClient();
    for (const [method, path] of [
      ['POST', '/api/seo/keywords/generate'],
      ['GET', '/api/seo/keywords'],
      ['POST', '/api/seo/keywords'],
    ] as const) {
      const out = method === 'GET' ? await signedOut.get(path) : await signedOut.post(path, []);
      expect(out.status, `${method} ${path}`).toBe(401);
    }
  });

  it("a member of another company can neither read nor change a company's keywords; a member of the same can", async () => {
    const owner = await paidBakery('kw-owner');
    const suggested = seoKeywordListSchema.parse((await generate(owner.client)).body);
    await owner.client.post('/api/seo/keywords', words(suggested).slice(0, 1));

    const other = await paidBakery('kw-other');
    // The other company's own (empty) list; pointing the company cookie at the owner's is refused.
    expect((await other.client.get('/api/seo/keywords')).body).toEqual([]);
    other.client.cookies.set('COMPANY_ID', String(owner.companyId));
    expect((await other.client.get('/api/seo/keywords')).status).toBe(403);
    expect((await other.client.post('/api/seo/keywords', [])).status).toBe(403);
    expect((await other.client.post('/api/seo/keywords/generate')).status).toBe(403);
    const mine = seoKeywordListSchema.parse((await owner.client.get('/api/seo/keywords')).body);
    expect(words(mine.filter((k) => k.isSelected))).toEqual(words(suggested).slice(0, 1));

    // The job is the starter's company's: a stranger polling its uuid learns nothing.
    const started = await owner.client.post('/api/seo/keywords/generate');
    other.client.cookies.set('COMPANY_ID', String(other.companyId));
    expect((await other.client.get(`/api/lrp/${started.body.uuid as string}`)).status).toBe(404);

    const member = (await teammate(owner)).client;
    expect((await member.get('/api/seo/keywords')).status).toBe(200);
  });
});
