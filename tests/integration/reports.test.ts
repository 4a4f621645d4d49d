import { beforeAll, describe, expect, it } from 'vitest';
import { getPost, writePost } from '../../functions/core/posts/post-store';
import { signedInUser, TestClient } from '../support/api-client';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';
import { COPY } from './calendar-support';

/**
 * GET /api/reports/post-success (spec 01 §8, 02 §7) over HTTP: the company's published and failed
 * posts per local day and platform. The posts are written through the API as drafts and then
 * given the outcomes the publish workflow records (that workflow has tests of its own).
 */
beforeAll(() => {
  useSuiteRuntimeEnv();
});

async function draft(client: TestClient, platforms: string[]) {
  const res = await client.post('/api/calendar', { content: COPY, files: [], action: 'save', platforms });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: number }[]).map((p) => p.id);
}

/** The outcome as recordPublished / recordPublishFailure leave it: the status, and a published post's date. */
async function settle(companyId: number, postId: number, status: 'published' | 'failed', at: string) {
  const post = await getPost(companyId, postId);
  await writePost(
    {
      ...post,
      status,
      date: at,
      publishedAt: status === 'published' ? at : null,
      failure: status === 'failed' ? 'The platform refused the post.' : null,
      version: post.version + 1,
    },
    post.version,
  );
}

const report = (client: TestClient, query: string) => client.get(`/api/reports/post-success?${query}`);

describe('GET /api/reports/post-success', () => {
  it('counts published and failed posts per local day and platform; drafts and other days do not count', async () => {
    const { client, companyId } = await signedInUser('report-owner');
    const [lateFacebook, linkedin] = await draft(client, ['facebook', 'linkedin']);
    const [failedFacebook] = await draft(client, ['facebook']);
    const [elsewhere] = await draft(client, ['threads']);
    await draft(client, ['instagram']); // stays a draft
    // 23:30 UTC on the 10th is already the 11th in Berlin.
    await settle(companyId, lateFacebook!, 'published', '2026-03-10T23:30:00.000Z');
    await settle(companyId, linkedin!, 'published', '2026-03-10T12:00:00.000Z');
    await settle(companyId, failedFacebook!, 'failed', '2026-03-11T09:00:00.000Z');
    await settle(companyId, elsewhere!, 'published', '2026-03-20T09:00:00.000Z');

    const berlin = await report(client, 'from=2026-03-10&to=2026-03-11&zone=Europe/Berlin');
    expect(berlin.status, JSON.stringify(berlin.body)).toBe(200);
    expect(berlin.body).toEqual([
      { date: '2026-03-10', platform: 'linkedin', status: 'published', count: 1 },
      { date: '2026-03-11', platform: 'facebook', status: 'failed', count: 1 },
      { date: '2026-03-11', platform: 'facebook', status: 'published', count: 1 },
    ]);
    const utc = await report(client, 'from=2026-03-10&to=2026-03-11&zone=UTC');
    expect(utc.body).toEqual([
      { date: '2026-03-10', platform: 'facebook', status: 'published', count: 1 },
      { date: '2026-03-10', platform: 'linkedin', status: 'published', count: 1 },
      { date: '2026-03-11', platform: 'facebook', status: 'failed', count: 1 },
    ]);
    expect((await report(client, 'from=2026-03-01&to=2026-03-31&zone=UTC')).body).toHaveLength(4);
  });

  it('refuses a bad range with 422 and a stranger with 401 or 403', async () => {
    const { client, companyId } = await signedInUser('report-refusals');
    for (const query of [
      '',
      'from=2026-03-10&to=2026-03-11',
      'from=2026-03-10&to=2026-03-11&zone=Mars/Base',
      'from=2026-03-11&to=2026-03-10&zone=UTC',
      'from=2026-02-30&to=2026-03-10&zone=UTC',
      'from=2025-01-01&to=2026-03-10&zone=UTC',
    ]) {
      const res = await report(client, query);
      expect(res.status, query).toBe(422);
      expect(res.body.message, query).not.toMatch(/Error:|stack/);
    }
    expect((await report(new TestClient(), 'from=2026-03-10&to=2026-03-11&zone=UTC')).status).toBe(401);

    const [post] = await draft(client, ['facebook']);
    await settle(companyId, post!, 'published', '2026-03-10T12:00:00.000Z');
    const other = await signedInUser('report-other');
    expect((await report(other.client, 'from=2026-03-10&to=2026-03-10&zone=UTC')).body).toEqual([]);
    other.client.cookies.set('COMPANY_ID', String(companyId));
    expect((await report(other.client, 'from=2026-03-10&to=2026-03-10&zone=UTC')).status).toBe(403);
  });
});
