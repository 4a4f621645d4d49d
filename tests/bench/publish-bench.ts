/**
 * The scheduling load: 1,000 posts scheduled for the same minute on the embedded runtime
 * (in this process, so the table client can be watched), spread over four companies with a
 * LinkedIn connection each (the sandbox allows 600 calls per token an hour). Measured: the
 * seconds from that minute until the last post is published, the table writes per publish
 * (every PutItem, UpdateItem, DeleteItem and batch or transaction item the runtime sends in
 * that window: schedule claims, post claims, results), and how many posts reached the
 * platform more than once (must be 0). Goal: all within 15 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { freePort } from '../../infra/local/free-port';
import { startRuntime } from '../../infra/local/runtime';
import { treeCpuMsByCommand } from './process-cpu';

const POSTS = Number(process.env.PUBLISH_BENCH_POSTS ?? 1000);
const COMPANIES = 4;
const CREATE_CONCURRENCY = 16;
const WRITES = /^(PutItem|UpdateItem|DeleteItem)Command$/;

/** A tiny cookie jar over fetch: the app's session and state cookies, as a browser keeps them. */
class Browser {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}
  async fetch(path: string, init: RequestInit = {}) {
    const res = await fetch(new URL(path, this.base), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
        origin: this.base,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }
  json = async <T>(path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST'): Promise<T> => {
    const res = await this.fetch(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
}

/** A verified, paid company with LinkedIn connected to the member's profile. */
async function publishingCompany(base: string, n: number): Promise<{ user: Browser; companyId: number }> {
  const user = new Browser(base);
  const email = `bench-publish-${n}-${Date.now()}@example.com`;
  const password = 'bench publish password';
  await user.json('/api/auth/register', {
    firstName: 'Bench',
    lastName: `Publisher ${n}`,
    email,
    password,
    subscribed: false,
    accept_terms: true,
  });
  let link: URL | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    const { messages } = await user.json<{ messages: { text: string }[] }>(
      `/api/dev/mailbox?to=${encodeURIComponent(email)}`,
    );
    const found = /https?:\/\/\S+/.exec(messages[0]?.text ?? '')?.[0];
    if (found) link = new URL(found);
    else await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error('no verification mail');
  await user.json('/api/auth/verify', { code: link.searchParams.get('code'), id: Number(link.searchParams.get('id')) });
  const { companyId } = await user.json<{ companyId: number }>('/api/auth/login', { email, password });

  const { redirectUrl } = await user.json<{ redirectUrl: string }>('/api/billing/upgrade', {
    plan: 'organic',
    interval: 'month',
  });
  await user.json('/api/billing/simulation/checkout', {
    sessionId: new URL(redirectUrl).searchParams.get('session_id'),
  });
  for (let i = 0; i < 100; i++) {
    if ((await user.json<{ isPaid: boolean }>('/api/billing/subscription')).isPaid) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  // LinkedIn's consent through the sandbox, as the browser walks it.
  const { url } = await user.json<{ url: string }>('/api/integrations/linkedin/connect');
  const consent = new URL(url);
  const form = new URLSearchParams({ name: `Bench Publisher ${n}`, decision: 'allow' });
  for (const field of ['client_id', 'redirect_uri', 'state', 'scope'])
    form.set(field, consent.searchParams.get(field) ?? '');
  const approve = await fetch(`${consent.origin}/__sandbox/approve/linkedin`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const callback = new URL(approve.headers.get('location') ?? '');
  await user.fetch(callback.pathname + callback.search);
  const [person] = await user.json<{ id: string }[]>('/api/integrations/linkedin/profiles');
  await user.json('/api/integrations/linkedin/profile', { id: person?.id });
  return { user, companyId };
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

export interface PublishBench {
  posts: number;
  secondsToLastPublished: number;
  tableWritesPerPublish: number;
  tableCallsPerPublish: number;
  nodeCpuMsPerPublish: number;
  dynamoDbLocalCpuMsPerPublish: number;
  publishedTwice: number;
  failed: number;
}

export async function runPublishBench(): Promise<PublishBench> {
  const dataDir = mkdtempSync(join(tmpdir(), 'publish-bench-'));
  const runtime = await startRuntime({ port: await freePort(), host: '127.0.0.1', dataDir });
  try {
    process.env.LOG_LEVEL = 'silent';
    const { table, tableName } = await import('../../functions/core/table/client');
    let writes = 0;
    let calls = 0;
    let counting = false;
    // Posts written as published or failed, seen as the writes succeed: the bench waits on these
    // rather than querying the table over and over (its own queries would load DynamoDB Local).
    const ended = { published: 0, failed: 0 };
    table().middlewareStack.add(
      (next, context) => async (args) => {
        if (counting) calls++;
        if (counting && WRITES.test(context.commandName ?? '')) writes++;
        if (counting && /^(BatchWriteItem|TransactWriteItems)Command$/.test(context.commandName ?? '')) {
          const input = args.input as { RequestItems?: Record<string, unknown[]>; TransactItems?: unknown[] };
          writes += input.TransactItems?.length ?? Object.values(input.RequestItems ?? {}).flat().length;
        }
        const result = await next(args);
        type Written = { type?: string; status?: string };
        const input = args.input as { Item?: Written; TransactItems?: { Put?: { Item?: Written } }[] };
        for (const item of [input.Item, ...(input.TransactItems ?? []).map((t) => t.Put?.Item)]) {
          if (counting && item?.type === 'post' && (item.status === 'published' || item.status === 'failed'))
            ended[item.status]++;
        }
        return result;
      },
      { step: 'initialize', name: 'countTableWrites' },
    );

    const companies: { user: Browser; companyId: number }[] = [];
    for (let n = 0; n < COMPANIES; n++) companies.push(await publishingCompany(runtime.url, n));

    // The minute they are all due: far enough ahead to create them all first (written through the
    // calendar's own createPosts, in this process: the HTTP layer is not what is measured here).
    const { createPosts } = await import('../../functions/core/posts/post-store');
    const minute = new Date(Math.ceil((Date.now() + 30_000 + POSTS * 60) / 60_000) * 60_000);
    const texts = Array.from(
      { length: POSTS },
      (_, i) =>
        `Bench post ${i} of ${POSTS}: fresh bread every morning, a new cake every Friday, and coffee all day long.`,
    );
    const createStarted = Date.now();
    await inBatches(
      texts.map((content, i) => ({ content, company: companies[i % COMPANIES]! })),
      CREATE_CONCURRENCY,
      async ({ content, company }) => {
        await createPosts(company.companyId, {
          platforms: ['linkedin'],
          content,
          files: [],
          scheduledAt: minute.toISOString(),
          action: 'schedule',
        });
      },
    );
    const createSeconds = (Date.now() - createStarted) / 1000;
    if (Date.now() >= minute.getTime())
      throw new Error(`creating ${POSTS} posts took ${createSeconds} s: past the minute`);

    await new Promise((r) => setTimeout(r, minute.getTime() - Date.now()));
    counting = true;
    const cpuBefore = treeCpuMsByCommand(process.pid);
    const count = async (status: string) => {
      let total = 0;
      for (const { companyId } of companies) {
        const out = await table().send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: 'GSI1',
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': `COMPANY#${companyId}#POST#${status}` },
            Select: 'COUNT',
          }),
        );
        total += out.Count ?? 0;
      }
      return total;
    };
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline && ended.published + ended.failed < POSTS) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const seconds = (Date.now() - minute.getTime()) / 1000;
    counting = false;
    const cpuAfter = treeCpuMsByCommand(process.pid);
    // The table itself says how many ended each way.
    const [published, failed] = [await count('published'), await count('failed')];
    const cpuMs = (name: string) => ((cpuAfter[name] ?? 0) - (cpuBefore[name] ?? 0)) / Math.max(1, published);
    await runtime.engine.idle();

    const sandbox = process.env.PLATFORM_SANDBOX_ORIGIN ?? '';
    const { posts } = (await (await fetch(`${sandbox}/__sandbox/posts`)).json()) as { posts: { text: string }[] };
    const seen = new Map<string, number>();
    for (const p of posts) seen.set(p.text, (seen.get(p.text) ?? 0) + 1);
    const publishedTwice = texts.filter((t) => (seen.get(t) ?? 0) > 1).length;
    console.log(
      `publish bench: ${POSTS} posts created in ${createSeconds.toFixed(1)} s; ${published} published, ${failed} failed`,
    );
    return {
      posts: POSTS,
      secondsToLastPublished: Number(seconds.toFixed(1)),
      tableWritesPerPublish: Number((writes / Math.max(1, published)).toFixed(2)),
      // Every request to the table (reads too, the bench's own progress queries included).
      tableCallsPerPublish: Number((calls / Math.max(1, published)).toFixed(2)),
      publishedTwice,
      failed,
      // What a publish costs whatever else the machine was doing: this process (the runtime, its
      // workers and the sandbox platforms) and DynamoDB Local, in CPU milliseconds.
      nodeCpuMsPerPublish: Number(cpuMs('node').toFixed(1)),
      dynamoDbLocalCpuMsPerPublish: Number(cpuMs('java').toFixed(1)),
    };
  } finally {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table([await runPublishBench()]);
