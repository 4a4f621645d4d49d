import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeProcess } from '../support/runtime';
import { startRuntimeBesideSuite } from '../support/suite-runtime-env';
import { signedInUserAt } from '../support/test-site-runtime';
import type { TestClient } from '../support/api-client';
import { makePaid } from '../support/billing';
import { connectWithProfile, getPost, sandboxPosts, settled, uniqueCopy, type ApiPost } from './publishing-support';

/**
 * The embedded runtime's clock (POST /api/dev/clock), on a runtime of this file's own: moving
 * it brings every schedule of its table due sooner, which other files' tests must not feel.
 */
let runtime: RuntimeProcess;
let client: TestClient;
let sandbox: string;

beforeAll(async () => {
  runtime = await startRuntimeBesideSuite();
  ({ client } = await signedInUserAt(runtime.url, 'clock'));
  await makePaid(client);
  sandbox = await connectWithProfile(client, 'linkedin', 0);
}, 120_000);
afterAll(() => runtime.stop());

const moveClock = (body: unknown) =>
  fetch(`${runtime.url}/api/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: runtime.url },
    body: JSON.stringify(body),
  });

describe("the embedded runtime's clock", () => {
  it('refuses what is not a whole number of seconds forward, naming the field', async () => {
    for (const body of [{ advanceSeconds: 0 }, { advanceSeconds: -60 }, { advanceSeconds: 1.5 }, {}]) {
      const refused = await moveClock(body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(await refused.json())).toContain('advanceSeconds');
    }
  });

  it('publishes a post scheduled an hour ahead once the clock passes it, and not before', async () => {
    const copy = uniqueCopy('clock');
    const res = await client.post<ApiPost[]>('/api/calendar', {
      platforms: ['linkedin'],
      content: copy,
      scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
      action: 'schedule',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body[0]!.id;
    await new Promise((r) => setTimeout(r, 1000));
    expect((await getPost(client, id)).status).toBe('scheduled');

    const moved = await moveClock({ advanceSeconds: 3660 });
    expect(moved.status).toBe(200);
    const { now } = (await moved.json()) as { now: string };
    expect(Date.parse(now)).toBeGreaterThan(Date.now() + 3600_000);
    expect((await settled(client, id, 30_000)).status).toBe('published');
    expect(await sandboxPosts(sandbox, copy)).toHaveLength(1);
  });
});
