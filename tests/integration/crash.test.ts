import { mkdtempSync, rmSync } from 'node:fs';
import { DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { companyItemPrefix, partition } from '../../functions/core/table/keys';
import { PASSWORD, TestClient } from '../support/api-client';
import { startRuntimeProcess, type RuntimeProcess } from '../support/runtime';
import { signedInUserAt } from '../support/test-site-runtime';
import { makePaid } from '../support/billing';
import {
  connectWithProfile,
  failNext,
  getPost,
  sandboxPosts,
  settled,
  uniqueCopy,
  type ApiPost,
} from './publishing-support';

/**
 * Power cuts on the embedded runtime: SIGKILL to the runtime's process group (DynamoDB Local
 * and the sandboxes with it), then a restart on the same DATA_DIR. Whatever was acknowledged
 * before the cut is published after it, each post exactly once, and nothing stays locked. The
 * runtime runs at 1/20 of its times (WORKFLOW_TIME_SCALE): a claim's lease is 30 s, not 10 min,
 * still longer than a step takes on a loaded machine (a shorter one would be taken over mid-step).
 */
const ENV = { WORKFLOW_TIME_SCALE: '0.05', PASSWORD_HASH_LOG2_N: '10' };

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A paid company with LinkedIn connected on a runtime of its own. */
async function companyOnOwnRuntime(label: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `mkt-crash-${label}-`));
  dirs.push(dataDir);
  const runtime = await startRuntimeProcess({ dataDir, env: ENV });
  const { client, email, companyId } = await signedInUserAt(runtime.url, label);
  await makePaid(client);
  const sandbox = await connectWithProfile(client, 'linkedin', 0);
  return { runtime, client, email, companyId, sandbox, dataDir };
}

/** The cut, then the restart: answers a client signed in again, on the company it had. */
/** A claim's lease on these runtimes: 10 minutes at WORKFLOW_TIME_SCALE. */
const LEASE_MS = 10 * 60_000 * Number(ENV.WORKFLOW_TIME_SCALE);

async function cutAndRestart(runtime: RuntimeProcess, dataDir: string, email: string, companyId: number) {
  await runtime.crash();
  const restarted = await startRuntimeProcess({ dataDir, env: ENV });
  const client = new TestClient(restarted.url);
  const login = await client.post<{ companyId: number }>('/api/auth/login', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  expect(login.body.companyId).toBe(companyId);
  return { restarted, client };
}

/**
 * The company's posts as the table holds them after the restart (key, status, version), for the
 * message of a failure: whether an answered post is missing from the table or only unreadable.
 */
async function storedPosts(runtime: RuntimeProcess, companyId: number): Promise<string> {
  const db = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: runtime.dynamoEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const out = await db.send(
      new QueryCommand({
        TableName: runtime.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :post)',
        ExpressionAttributeValues: {
          ':pk': { S: partition.company(companyId) },
          ':post': { S: companyItemPrefix.post },
        },
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map((i) => `${i.sk?.S} ${i.status?.S} v${i.version?.N}`).join(', ');
  } finally {
    db.destroy();
  }
}

async function eachPublishedOnce(
  client: TestClient,
  sandbox: string,
  posts: { id: number; copy: string }[],
  restarted: RuntimeProcess,
  companyId: number,
) {
  const first = await Promise.all(posts.map((p) => client.get(`/api/calendar/${p.id}/with-siblings`)));
  const unread = posts.filter((_, i) => first[i]!.status !== 200).map((p) => p.id);
  if (unread.length)
    expect.fail(
      `posts ${unread.join(', ')} unread after the restart; the table holds: ${await storedPosts(restarted, companyId)}`,
    );
  const outcomes = await Promise.all(posts.map((p) => settled(client, p.id, 90_000)));
  expect(outcomes.map((p) => p.status)).toEqual(posts.map(() => 'published'));
  for (const { copy } of posts) expect(await sandboxPosts(sandbox, copy), copy).toHaveLength(1);
}

/** Cuts the power, restarts, and checks that each answered post is published once. */
async function afterTheCut(
  company: Awaited<ReturnType<typeof companyOnOwnRuntime>>,
  answers: { body: ApiPost[] }[],
  copies: string[],
) {
  const { restarted, client } = await cutAndRestart(company.runtime, company.dataDir, company.email, company.companyId);
  try {
    await eachPublishedOnce(
      client,
      company.sandbox,
      answers.map((a, i) => ({ id: a.body[0]!.id, copy: copies[i]! })),
      restarted,
      company.companyId,
    );
  } finally {
    await restarted.stop();
  }
}

describe.concurrent('a power cut', () => {
  it('loses no Publish Now that was answered: each of 20 is published once after the restart', async () => {
    const company = await companyOnOwnRuntime('crash-now');
    const { client } = company;
    const copies = Array.from({ length: 20 }, (_, i) => uniqueCopy(`now ${i}`));
    const answers = await Promise.all(
      copies.map((content) =>
        client.post<ApiPost[]>('/api/calendar', { platforms: ['linkedin'], content, action: 'publish' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(copies.map(() => 201));
    await afterTheCut(company, answers, copies);
  }, 180_000);

  it('publishes each of 20 posts scheduled around the cut once', async () => {
    const company = await companyOnOwnRuntime('crash-due');
    const { client } = company;
    const copies = Array.from({ length: 20 }, (_, i) => uniqueCopy(`due ${i}`));
    const at = new Date(Date.now() + 2000).toISOString();
    const answers = await Promise.all(
      copies.map((content) =>
        client.post<ApiPost[]>('/api/calendar', {
          platforms: ['linkedin'],
          content,
          scheduledAt: at,
          action: 'schedule',
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(copies.map(() => 201));
    // The cut comes while the schedules fire: some claimed, some sent, some not yet started.
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(at) - Date.now()) + 150));
    await afterTheCut(company, answers, copies);
  }, 180_000);

  it('takes a post in progress at the cut back at once: the restart ends it published, not its lease', async () => {
    const { runtime, client, email, companyId, sandbox, dataDir } = await companyOnOwnRuntime('crash-busy');
    // LinkedIn takes its time over the create: the cut comes while the post is in progress.
    await failNext(sandbox, { path: '/linkedin-api/rest/posts', delayMs: 20_000 });
    const copy = uniqueCopy('in progress');
    const answer = await client.post<ApiPost[]>('/api/calendar', {
      platforms: ['linkedin'],
      content: copy,
      action: 'publish',
    });
    const id = answer.body[0]!.id;
    for (let i = 0; i < 100 && (await getPost(client, id)).status !== 'in-progress'; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await getPost(client, id)).status).toBe('in-progress');
    const { restarted, client: after } = await cutAndRestart(runtime, dataDir, email, companyId);
    const back = Date.now();
    try {
      await eachPublishedOnce(after, sandbox, [{ id, copy }], restarted, companyId);
      // The claim was the dead boot's: the restart's first sweep took it back at once, not after
      // the most of its 30 s lease still left (at this time scale; 10 minutes at full scale).
      expect(Date.now() - back).toBeLessThan(LEASE_MS / 2);
    } finally {
      await restarted.stop();
    }
  }, 180_000);
});
