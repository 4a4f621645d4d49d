import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PASSWORD, TestClient, type ApiResponse } from '../support/api-client';
import { startRuntimeProcess } from '../support/runtime';
import { signedInUserAt } from '../support/test-site-runtime';
import { makePaid } from '../support/billing';
import { connectWithProfile, sandboxPosts, settled, uniqueCopy } from './publishing-support';

/**
 * A power cut while posts are being added to the queue, on a runtime of its own: each Add writes
 * the post (scheduled in its slot, with its claim) and then arms its schedule, and the cut lands
 * among those steps. After the restart every post the table holds as queued is published once,
 * in its own slot (the post sweeper's watch time stands in for a schedule the cut lost), and every
 * answered Add is among them. The clock is moved past the slots rather than waited for.
 */
const ADDS = 8;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const env = { PASSWORD_HASH_LOG2_N: '10', WORKFLOW_TIME_SCALE: '0.05' };
const everyDay = (...times: string[]) => Array.from({ length: 7 }, () => [...times]);
const none = () => [[], [], [], [], [], [], []];

interface ApiPost {
  id: number;
  status: string;
  scheduledAt: string | null;
}

it('a cut between the post write and its schedule loses no queued post, and none goes out twice', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-crash-queue-'));
  dirs.push(dataDir);
  const runtime = await startRuntimeProcess({ dataDir, env });
  const { client, email, companyId } = await signedInUserAt(runtime.url, 'crash-queue');
  await makePaid(client);
  const sandbox = await connectWithProfile(client, 'linkedin', 0);
  const slots = { facebook: none(), instagram: none(), threads: none(), wordpress: none() };
  const saved = await client.put('/api/queue/settings', {
    timeZone: 'UTC',
    slots: { ...slots, linkedin: everyDay('03:00', '09:00', '15:00', '21:00') },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const copies = Array.from({ length: ADDS }, (_, i) => uniqueCopy(`queued ${i}`));
  const drafts: ApiPost[] = [];
  for (const content of copies) {
    const res = await client.post<ApiPost[]>('/api/calendar', { platforms: ['linkedin'], content, action: 'save' });
    expect(res.status).toBe(201);
    drafts.push(res.body[0]!);
  }

  // The cut comes once half the Adds are answered, while the others are on their way: some not
  // begun, some with the post written and its schedule not yet armed, some answered in between.
  const answered = new Set<number>();
  let half!: () => void;
  const halfAnswered = new Promise<void>((done) => (half = done));
  const adds = drafts.map((d) =>
    client
      .post<ApiPost[]>('/api/queue', { postIds: [d.id] })
      .then((res: ApiResponse<ApiPost[]>) => {
        if (res.status === 200) answered.add(d.id);
        if (answered.size >= ADDS / 2) half();
      })
      .catch(() => undefined),
  );
  await halfAnswered;
  await runtime.crash();
  await Promise.all(adds);

  const restarted = await startRuntimeProcess({ dataDir, env });
  try {
    const after = new TestClient(restarted.url);
    expect((await after.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expect(after.cookies.get('COMPANY_ID')).toBe(String(companyId));
    const read = async (id: number) =>
      (await after.get<{ post: ApiPost }>(`/api/calendar/${id}/with-siblings`)).body.post;
    const stored = await Promise.all(drafts.map((d) => read(d.id)));
    const queued = stored.filter((p) => p.status !== 'draft');
    for (const id of answered)
      expect(
        queued.map((p) => p.id),
        `answered post ${id}`,
      ).toContain(id);
    const times = queued.map((p) => p.scheduledAt);
    expect(new Set(times).size, `slots ${times.join(', ')}`).toBe(queued.length);

    const last = Math.max(...queued.map((p) => Date.parse(p.scheduledAt!)));
    const moved = await after.post('/api/dev/clock', {
      advanceSeconds: Math.ceil((last - Date.now()) / 1000) + 60,
    });
    expect(moved.status).toBe(200);
    const outcomes = await Promise.all(queued.map((p) => settled(after, p.id, 120_000)));
    expect(outcomes.map((p) => `${p.id} ${p.status}`)).toEqual(queued.map((p) => `${p.id} published`));
    for (const post of queued) {
      const copy = copies[drafts.findIndex((d) => d.id === post.id)]!;
      expect(await sandboxPosts(sandbox, copy), copy).toHaveLength(1);
    }
    console.log(`${answered.size} Adds answered before the cut, ${queued.length} queued, all published once`);
  } finally {
    await restarted.stop();
  }
}, 300_000);
