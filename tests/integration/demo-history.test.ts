import { beforeAll, describe, expect, it } from 'vitest';
import { checkPost, type Platform } from '@shared/platform-rules';
import type { Post } from '@shared/schemas/calendar';
import { writeDemoHistory } from '../../functions/core/demo/demo-history';
import { DEMO_PHOTOS } from '../../functions/core/demo/demo-photos';
import { signedInUser, type TestClient } from '../support/api-client';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/**
 * A demo company is alive within seconds of being made: the business as onboarding leaves it,
 * two approved customer profiles and a plan, a media library, published and scheduled posts
 * on every platform, and keywords. Refresh report writes the history again around today
 * without doubling it and without touching what the visitor wrote; a crash half way through
 * the job leaves nothing a second run doubles.
 */

beforeAll(() => {
  // The crash case runs the job's code in-process against the suite's runtime.
  useSuiteRuntimeEnv();
});

async function demoClient(label: string): Promise<{ client: TestClient; companyId: number; userId: number }> {
  const { client, profile } = await signedInUser(label);
  const res = await client.post('/api/company', { name: 'Demo', demo: true });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const companyId = res.body.id as number;
  client.cookies.set('COMPANY_ID', String(companyId));
  return { client, companyId, userId: (profile as { id: number }).id };
}

const allPosts = async (client: TestClient) => (await client.get('/api/calendar/list')).body as Post[];

async function waitForHistory(client: TestClient): Promise<Post[]> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const posts = await allPosts(client);
    const keywords = (await client.get('/api/seo/keywords')).body as unknown[];
    const audits = (await client.get('/api/seo/audits')).body as { status: string }[];
    const audited = Array.isArray(audits) && audits.filter((a) => a.status === 'finished').length === 2;
    if (posts.length && Array.isArray(keywords) && keywords.length && audited) return posts;
    if (Date.now() > deadline) throw new Error('The demo history was not written within two minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('a demo company gets a sample history at once', () => {
  it('business, profiles, plan, photos, posts on every platform and keywords, all valid', async () => {
    const { client } = await demoClient('demo-history');
    const posts = await waitForHistory(client);

    const company = (await client.get('/api/company')).body.find((c: { demo: boolean }) => c.demo);
    expect(company).toMatchObject({ onboarded: true, goal: 'CUSTOMER_INCREASE' });
    expect(company.description).toContain('Harbourside Sourdough');
    expect(company.icps).toHaveLength(2);
    expect(company.icps.every((icp: { approved: boolean | null }) => icp.approved === true)).toBe(true);
    expect((await client.get('/api/plan')).body.plan).toContain('Marketing plan');

    const files = (await client.get('/api/content/files')).body as { id: number; filename: string; isUsed: boolean }[];
    expect(files.map((f) => f.filename).sort()).toEqual(DEMO_PHOTOS.map((p) => p.filename).sort());
    expect(files.some((f) => f.isUsed)).toBe(true);

    const now = new Date().toISOString();
    const published = posts.filter((p) => p.status === 'published');
    const scheduled = posts.filter((p) => p.status === 'scheduled');
    expect(published.length).toBeGreaterThan(20);
    expect(scheduled.length).toBeGreaterThan(5);
    expect(published.every((p) => (p.publishedAt ?? '') < now)).toBe(true);
    expect(scheduled.every((p) => (p.scheduledAt ?? '') > now)).toBe(true);
    const platforms = new Set<Platform>(posts.map((p) => p.platform));
    for (const platform of ['facebook', 'instagram', 'threads', 'linkedin', 'wordpress'] as const)
      expect(platforms.has(platform), platform).toBe(true);
    // Every sample post keeps its platform's rules: no red dots on the demo's calendar.
    for (const post of posts) expect(checkPost(post).message, `${post.platform} ${post.id}`).toBe('');

    // The dashboard's cards read the same posts.
    expect(((await client.get('/api/calendar/latest')).body as Post[]).length).toBeGreaterThan(0);
    expect(((await client.get('/api/calendar/recent')).body as Post[]).length).toBeGreaterThan(0);

    const keywords = (await client.get('/api/seo/keywords')).body as { isSelected: boolean }[];
    expect(keywords.filter((k) => k.isSelected).length).toBe(4);

    // Two audits of the sample site a week apart, the later compared with the earlier: the
    // defects fixed since (a description, an image's alt text) are fixed, the link made since is new.
    const audits = (await client.get('/api/seo/audits')).body as {
      id: string;
      startedAt: string;
      score: number;
      pages: number;
    }[];
    expect(audits).toHaveLength(2);
    const [latest, earlier] = audits;
    expect(Date.parse(latest!.startedAt) - Date.parse(earlier!.startedAt)).toBeGreaterThan(6 * 86_400_000);
    expect(latest!.pages).toBeGreaterThanOrEqual(8);
    const report = (await client.get('/api/seo/report')).body as {
      is_finished: boolean;
      pageDataHistory: Record<string, { new: number; fixed: number }>;
    };
    expect(report.is_finished).toBe(true);
    const history = Object.entries(report.pageDataHistory);
    const fixed = history.filter(([, h]) => h.fixed > 0).map(([id]) => id);
    const added = history.filter(([, h]) => h.new > 0).map(([id]) => id);
    expect(fixed.length, JSON.stringify(history)).toBeGreaterThanOrEqual(2);
    expect(added.length, JSON.stringify(history)).toBeGreaterThanOrEqual(1);
  });

  it('Refresh report writes the history again: the same number of sample posts, the visitor’s own kept', async () => {
    const { client } = await demoClient('demo-history-refresh');
    const before = await waitForHistory(client);
    const own = await client.post('/api/calendar', {
      platforms: ['facebook'],
      content: 'A post the visitor wrote in the demo, long enough for every platform rule to accept it.',
      files: [],
      action: 'save',
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const ownId = (own.body as Post[])[0]?.id;

    expect((await client.post('/api/reports/demo/refresh')).status).toBe(204);
    const sampleIds = new Set(before.map((p) => p.id));
    const deadline = Date.now() + 60_000;
    let after = await allPosts(client);
    // The job replaces the sample posts: wait until none of the old ones is left.
    while (after.some((p) => sampleIds.has(p.id)) || after.length < before.length + 1) {
      if (Date.now() > deadline) throw new Error('The refresh did not replace the sample posts');
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await allPosts(client);
    }
    expect(after.length).toBe(before.length + 1);
    expect(after.some((p) => p.id === ownId)).toBe(true);
    // The photos are kept, not drawn again.
    expect(((await client.get('/api/content/files')).body as unknown[]).length).toBe(DEMO_PHOTOS.length);
  });

  it('a crash after the posts were written: the job run again leaves one history, not two', async () => {
    const { client, companyId, userId } = await demoClient('demo-history-crash');
    await waitForHistory(client);
    const first = await allPosts(client);
    // The run dies as it reaches the keywords, its posts just written.
    const requestedAt = new Date().toISOString();
    const crash = writeDemoHistory(
      {
        companyId,
        userId,
        step: async (name) => {
          if (name === 'Researching keywords') throw new Error('power cut');
        },
      },
      requestedAt,
    );
    await expect(crash).rejects.toThrow('power cut');
    await writeDemoHistory({ companyId, userId, step: async () => {} }, requestedAt);
    const after = await allPosts(client);
    expect(after.length).toBe(first.length);
    expect(((await client.get('/api/content/files')).body as unknown[]).length).toBe(DEMO_PHOTOS.length);
  });

  it('a reset while the history is written stops it: the demo stays as the reset left it', async () => {
    const { client, companyId, userId } = await demoClient('demo-history-reset');
    await waitForHistory(client);
    const requestedAt = new Date().toISOString();
    // The reset lands while a history asked for before it is at its second step.
    const late = writeDemoHistory(
      {
        companyId,
        userId,
        step: async (name) => {
          if (name === 'Drawing the media library')
            expect((await client.post('/api/company/recreate')).status).toBe(204);
        },
      },
      requestedAt,
    );
    await late;
    expect(await allPosts(client)).toEqual([]);
    expect((await client.get('/api/content/files')).body).toEqual([]);
    const company = (await client.get('/api/company')).body.find((c: { id: number }) => c.id === companyId);
    expect(company).toMatchObject({ onboarded: false, icps: [] });
    // Refresh report asks for it again, after the reset: it comes back.
    expect((await client.post('/api/reports/demo/refresh')).status).toBe(204);
    expect((await waitForHistory(client)).length).toBeGreaterThan(20);
  });

  it('keeps the name the visitor gave the demo', async () => {
    const { client } = await demoClient('demo-history-name');
    await waitForHistory(client);
    const company = (await client.get('/api/company')).body.find((c: { demo: boolean }) => c.demo);
    expect(company.name).toBe('Demo');
  });

  it('never writes into a company that is not a demo', async () => {
    const { client } = await signedInUser('demo-history-real');
    const res = await client.post('/api/company', { name: 'Real Bakery' });
    const companyId = res.body.id as number;
    client.cookies.set('COMPANY_ID', String(companyId));
    const job = { companyId, userId: 0, step: async () => {} };
    expect(await writeDemoHistory(job, new Date().toISOString())).toEqual({ posts: 0, photos: 0, audits: 0 });
    expect(await allPosts(client)).toEqual([]);
  });
});
