import { beforeAll, describe, expect, it } from 'vitest';
import { calendarMessages } from '@shared/schemas/calendar';
import { hasPaidPlan, requirePaidPlan } from '../../functions/core/billing/paid-plan';
import { ONE_DEMO } from '../../functions/core/companies/company-store';
import { signedInUser, type TestClient } from '../support/api-client';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';
import { COPY } from './calendar-support';

/**
 * The attack a demo company invited: a free user's `{"demo": true}` got a year of a paid plan
 * (trialing, isPaid), so it published, scheduled and ran paid calls, as many demos as it liked.
 * A demo is a showcase: one per user, and it never reaches a platform. Its trial opens the paid
 * features that stay inside the app while it lasts, as any trial does.
 */

beforeAll(() => {
  // The plan gate and the publisher's first step are called in-process, as their workers do.
  useSuiteRuntimeEnv();
});

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function demoOf(client: TestClient, name = 'Demo Bakery'): Promise<number> {
  const res = await client.post('/api/company', { name, demo: true });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.demo).toBe(true);
  return res.body.id as number;
}

const demosOf = async (client: TestClient) =>
  ((await client.get('/api/company')).body as { id: number; demo: boolean }[]).filter((c) => c.demo);

describe('one demo company per user', () => {
  it('a second demo is a 409 with a sentence that says why; other companies are still made', async () => {
    const { client } = await signedInUser('demo-one');
    const id = await demoOf(client);
    const second = await client.post('/api/company', { name: 'Demo Bakery Two', demo: true });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(ONE_DEMO);
    expect((await client.post('/api/company', { name: 'Real Bakery' })).status).toBe(201);
    expect((await demosOf(client)).map((c) => c.id)).toEqual([id]);
    // Another user has their own.
    const other = await signedInUser('demo-one-other');
    await demoOf(other.client);
  });

  it('creates sent at the same moment make one demo: the others are refused', async () => {
    const { client } = await signedInUser('demo-race');
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => client.post('/api/company', { name: `Demo Race ${n}`, demo: true })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.message).toBe(ONE_DEMO);
    expect(await demosOf(client)).toHaveLength(1);
  });

  it('a deleted demo may be made again, still only one at a time', async () => {
    const { client } = await signedInUser('demo-again');
    const first = await demoOf(client);
    expect((await client.delete(`/api/company/${first}`)).status).toBe(204);
    const answers = await Promise.all(
      [1, 2].map((n) => client.post('/api/company', { name: `Demo Again ${n}`, demo: true })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const demos = await demosOf(client);
    expect(demos).toHaveLength(1);
    expect(demos[0]?.id).not.toBe(first);
  });
});

describe('a demo company never reaches a platform', () => {
  it('schedule and Publish Now are refused (422) with the demo sentence; drafts save as before', async () => {
    const { client } = await signedInUser('demo-publish');
    client.cookies.set('COMPANY_ID', String(await demoOf(client)));
    // The pages still show the trial of a paid plan.
    expect((await client.get('/api/billing/subscription')).body).toMatchObject({
      plan: { slug: 'agency' },
      status: 'trialing',
    });

    for (const action of ['schedule', 'publish'] as const) {
      const refused = await client.post('/api/calendar', {
        platforms: ['facebook'],
        content: COPY,
        files: [],
        action,
        scheduledAt: future(2),
      });
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.message).toBe(calendarMessages.demoNoPublishing);
    }
    const draft = await client.post('/api/calendar', {
      platforms: ['facebook'],
      content: COPY,
      files: [],
      action: 'save',
    });
    expect(draft.status).toBe(201);
    const id = draft.body[0].id as number;
    for (const body of [{ action: 'schedule', scheduledAt: future(3) }, { action: 'publish' }]) {
      const refused = await client.patch(`/api/calendar/${id}`, body);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(calendarMessages.demoNoPublishing);
    }
    const kept = (await client.get(`/api/calendar/${id}/with-siblings`)).body.post;
    expect(kept).toMatchObject({ status: 'draft', publish: false });
  });

  it('a post already on its way (scheduled before) ends failed with the sentence at the publisher', async () => {
    const { client } = await signedInUser('demo-publisher');
    const companyId = await demoOf(client);
    client.cookies.set('COMPANY_ID', String(companyId));
    const draft = await client.post('/api/calendar', {
      platforms: ['facebook'],
      content: COPY,
      files: [],
      action: 'save',
    });
    const store = await import('../../functions/core/posts/post-store');
    const steps = await import('../../functions/core/publishing/publish-steps');
    const post = await store.getPost(companyId, draft.body[0].id as number);
    // As a demo's post scheduled before demos were refused: flagged for Publish Now.
    await store.writePost({ ...post, status: 'scheduled', publish: true, version: post.version + 1 }, post.version);
    const run = await steps.startPublish({ companyId, postId: post.id });
    expect(run).toMatchObject({ next: 'fail', message: calendarMessages.demoNoPublishing });
  });
});

describe("a demo company's trial opens every paid feature while it lasts", () => {
  it('the paid-plan gate passes for it (demo-alive.test.ts calls the gated routes)', async () => {
    const { client } = await signedInUser('demo-gate');
    const companyId = await demoOf(client);
    expect(await hasPaidPlan(companyId)).toBe(true);
    await expect(requirePaidPlan(companyId)).resolves.toBeUndefined();
  });
});
