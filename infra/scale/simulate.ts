/**
 * A day of N companies on the embedded runtime, run at speed: every company signs in, uploads
 * its media, writes its post groups (scheduled a few seconds ahead, so the real schedules fire
 * and the real publish workflow runs) and has its daily report collection fired, phase by
 * phase, with the table calls and workflow transitions counted (recorder.ts). The runtime runs
 * in this process, as the publish bench's does, so its clients can be watched; table writes go
 * one by one as in AWS (TABLE_WRITE_GROUPING=off).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEDIA_UPLOAD, POST_GROUP, SIGN_IN_VISIT, type ApiCall, type UsageProfile } from './profile';
import { Recorder, type PhaseTally } from './recorder';

/** The phases of a simulated day, in the order they run; setup is not part of the day. */
const DAY_PHASES = ['sign-in', 'media', 'posts', 'collection'] as const;
export type DayPhase = (typeof DAY_PHASES)[number];

export interface SimulationResult {
  companies: number;
  seconds: Record<DayPhase | 'setup', number>;
  phases: Record<DayPhase, PhaseTally>;
  /** Sweeper and scheduler work while the day ran: fixed costs, not a company's. */
  published: number;
  failedPosts: number;
}

/** A browser's cookie jar over fetch. */
class Browser {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}
  async fetch(path: string, init: RequestInit = {}) {
    const res = await fetch(new URL(path, this.base), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
        origin: this.base,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }
  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.fetch(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  call = <T>(call: ApiCall, body?: unknown) => this.json<T>(call.method, call.path, body);
}

interface SimCompany {
  email: string;
  password: string;
  companyId: number;
}

const PASSWORD = 'simulated day password';

/** The entry at `i`, which the caller knows is there. */
function at<T>(list: readonly T[], i: number): T {
  const value = list[i];
  if (value === undefined) throw new Error(`nothing at ${i}`);
  return value;
}

async function poll<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await fn();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A verified, paying company with the profile's platforms connected through the sandbox. */
async function makeCompany(base: string, n: number, profile: UsageProfile): Promise<SimCompany> {
  const user = new Browser(base);
  const email = `sim-${n}-${Date.now()}@example.com`;
  await user.json('POST', '/api/auth/register', {
    firstName: 'Sim',
    lastName: `Company ${n}`,
    email,
    password: PASSWORD,
    subscribed: false,
    accept_terms: true,
  });
  const link = await poll('the verification mail', async () => {
    const { messages } = await user.json<{ messages: { text: string }[] }>(
      'GET',
      `/api/dev/mailbox?to=${encodeURIComponent(email)}`,
    );
    const found = /https?:\/\/\S+/.exec(messages[0]?.text ?? '')?.[0];
    return found ? new URL(found) : undefined;
  });
  await user.json('POST', '/api/auth/verify', {
    code: link.searchParams.get('code'),
    id: Number(link.searchParams.get('id')),
  });
  const { companyId } = await user.json<{ companyId: number }>('POST', '/api/auth/login', {
    email,
    password: PASSWORD,
  });
  const { redirectUrl } = await user.json<{ redirectUrl: string }>('POST', '/api/billing/upgrade', {
    plan: 'organic',
    interval: 'month',
  });
  await user.json('POST', '/api/billing/simulation/checkout', {
    sessionId: new URL(redirectUrl).searchParams.get('session_id'),
  });
  await poll('the paid plan', async () =>
    (await user.json<{ isPaid: boolean }>('GET', '/api/billing/subscription')).isPaid ? true : undefined,
  );
  for (const platform of profile.platforms) {
    const { url } = await user.json<{ url: string }>('GET', `/api/integrations/${platform}/connect`);
    const consent = new URL(url);
    const form = new URLSearchParams({ name: `Sim ${n}`, decision: 'allow' });
    for (const field of ['client_id', 'redirect_uri', 'state', 'scope', 'code_challenge', 'code_challenge_method'])
      form.set(field, consent.searchParams.get(field) ?? '');
    const app = platform === 'instagram' ? 'facebook' : platform;
    const approve = await fetch(`${consent.origin}/__sandbox/approve/${app}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const callback = new URL(approve.headers.get('location') ?? '');
    await user.fetch(callback.pathname + callback.search);
    const [profileChoice] = await user.json<{ id: string }[]>('GET', `/api/integrations/${platform}/profiles`);
    await user.json('POST', `/api/integrations/${platform}/profile`, { id: profileChoice?.id });
  }
  return { email, password: PASSWORD, companyId };
}

/** Runs `fn` over `items`, `width` at a time. */
async function each<T>(items: T[], width: number, fn: (item: T, i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(at(items, i), i);
      }
    }),
  );
}

/** A small JPEG standing in for the day's photo (the bytes moved are priced from the profile). */
async function samplePhoto(): Promise<Buffer> {
  const { loadSharp } = await import('../../functions/core/media/load-sharp');
  const sharp = await loadSharp();
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
}

export async function simulateDay(options: {
  companies: number;
  profile: UsageProfile;
  /** Companies acting at once (the runtime is one process: keep it near its cores' worth of I/O). */
  concurrency?: number;
  log?: (line: string) => void;
  /** Collects one line per table call. */
  trace?: string[];
}): Promise<SimulationResult> {
  const { companies: count, profile } = options;
  const width = options.concurrency ?? 8;
  const say = options.log ?? (() => undefined);
  Object.assign(process.env, {
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    // AWS's write path: each conditional put alone.
    TABLE_WRITE_GROUPING: 'off',
    // Setup signs up a thousand users; the day's logins verify these cheaper hashes (embedded runtime only).
    PASSWORD_HASH_LOG2_N: '10',
    // Every company signs in from 127.0.0.1.
    RATE_LIMIT_CLIENT_SCALE: '1000000',
    // The first collection is fired by setup, not a minute after each connect.
    METRICS_FIRST_RUN_DELAY_SECONDS: String(7 * 86_400),
  });
  const { freePort } = await import('../local/free-port');
  const { startRuntime } = await import('../local/runtime');
  const recorder = new Recorder();
  recorder.trace = options.trace;
  const names: Record<string, string> = { Start: 'publish-post', Route: 'run-job', Crawl: 'site-audit' };
  const unwatch = recorder.watchWorkflows((startAt) => names[startAt] ?? startAt);
  const dataDir = mkdtempSync(join(tmpdir(), 'scale-sim-'));
  const runtime = await startRuntime({ port: await freePort(), host: '127.0.0.1', dataDir });
  const seconds = {} as SimulationResult['seconds'];
  const timed = async (phase: DayPhase | 'setup', fn: () => Promise<void>) => {
    const started = Date.now();
    if (phase !== 'setup') recorder.phase(phase);
    options.trace?.push(`=== ${phase}`);
    await fn();
    seconds[phase] = (Date.now() - started) / 1000;
    say(`${phase}: ${seconds[phase].toFixed(1)} s`);
  };
  try {
    const { table } = await import('../../functions/core/table/client');
    const { s3 } = await import('../../functions/core/storage/s3');
    recorder.watchTable(table());
    recorder.watchS3(s3());
    const { tableScheduler } = await import('../../functions/core/scheduler/scheduler-port');
    const { metricsScheduleName } = await import('../../functions/core/reports/metrics-schedule');
    const { schedules } = await import('../../functions/core/scheduler/schedule-entity');
    const { keys } = await import('../../functions/core/table/keys');

    /** Fires every company's collection schedule now, as EventBridge would at its time, and waits for the runs. */
    const collectAll = async (companies: SimCompany[]) => {
      const before = recorder.ended('run-job');
      await each(companies, width, async ({ companyId }) => {
        const name = metricsScheduleName(companyId);
        const armed = await schedules.get(keys.schedule(name));
        if (!armed) throw new Error(`company ${companyId} has no collection armed`);
        await tableScheduler.upsert({ ...armed, at: new Date(Date.now() - 1000) });
      });
      await poll(
        'the collections',
        async () => (recorder.ended('run-job') - before >= companies.length ? true : undefined),
        15 * 60_000,
      );
    };

    recorder.phase('setup');
    const companies: SimCompany[] = [];
    await timed('setup', async () => {
      await each(
        Array.from({ length: count }, (_, i) => i),
        width,
        async (n) => {
          companies.push(await makeCompany(runtime.url, n, profile));
          if (companies.length % 100 === 0) say(`  ${companies.length} companies made`);
        },
      );
      // The first collection reaches 30 days back; the counted day's is an ordinary one.
      if (profile.reportCollection) await collectAll(companies);
    });

    await timed('sign-in', async () => {
      await each(companies, width, async (company) => {
        for (let i = 0; i < profile.signIns; i++) {
          const browser = new Browser(runtime.url);
          const [, ...rest] = SIGN_IN_VISIT;
          await browser.call(at(SIGN_IN_VISIT, 0), { email: company.email, password: company.password });
          // One after another: in AWS each is its own Lambda invocation, and requests at once in
          // this one process would share the read batcher's deduplicated reads.
          for (const call of rest) await browser.call(call);
        }
      });
    });

    const photo = await samplePhoto();
    const signedIn = new Map<number, Browser>();
    const browserOf = async (company: SimCompany) => {
      let browser = signedIn.get(company.companyId);
      if (!browser) {
        // Signed in outside the counted phases: the sign-in phase counts logins.
        recorder.phase('setup');
        browser = new Browser(runtime.url);
        await browser.call(at(SIGN_IN_VISIT, 0), { email: company.email, password: company.password });
        signedIn.set(company.companyId, browser);
      }
      return browser;
    };
    for (const company of companies) await browserOf(company);

    await timed('media', async () => {
      await each(companies, width, async (company) => {
        const browser = await browserOf(company);
        for (let i = 0; i < profile.mediaUploads; i++) {
          const [target] = await browser.call<{ mediaID: number; url: string; headers: Record<string, string> }[]>(
            at(MEDIA_UPLOAD, 0),
            [{ filename: `photo-${i}.jpg`, size: photo.length }],
          );
          recorder.countBrowserS3('PutObject');
          if (!target) throw new Error('no upload target');
          const put = await fetch(target.url, { method: 'PUT', headers: target.headers, body: photo });
          if (put.status !== 200) throw new Error(`the upload's PUT answered ${put.status}`);
          await browser.call(at(MEDIA_UPLOAD, 1), { mediaID: target.mediaID });
        }
      });
    });

    let published = 0;
    let failedPosts = 0;
    await timed('posts', async () => {
      const before = recorder.ended('publish-post');
      const expected = companies.length * profile.postGroups * profile.platforms.length;
      await each(companies, width, async (company) => {
        const browser = await browserOf(company);
        for (let i = 0; i < profile.postGroups; i++) {
          await browser.call(at(POST_GROUP, 0), {
            platforms: profile.platforms,
            content: `Fresh bread every morning, a new cake every Friday and coffee all day long at the bakery (post ${i} of company ${company.companyId}).`,
            files: [],
            scheduledAt: new Date(Date.now() + 10_000).toISOString(),
            action: 'schedule',
          });
        }
      });
      await poll(
        'the publishes',
        async () => (recorder.ended('publish-post') - before >= expected ? true : undefined),
        15 * 60_000,
      );
      const { posts } = await import('../../functions/core/posts/post-entity');
      const { companyCollection } = await import('../../functions/core/table/keys');
      // Read after the phase: not counted.
      recorder.phase('setup');
      for (const { companyId } of companies) {
        for (const post of await posts.queryIndex('GSI2', companyCollection(companyId, 'POST'))) {
          if (post.status === 'published') published++;
          if (post.status === 'failed') failedPosts++;
        }
      }
    });

    if (profile.reportCollection) await timed('collection', () => collectAll(companies));
    else seconds.collection = 0;

    const phases = Object.fromEntries(
      DAY_PHASES.map((p) => [p, recorder.phases.get(p) ?? recorder.phase(p)]),
    ) as Record<DayPhase, PhaseTally>;
    return { companies: companies.length, seconds, phases, published, failedPosts };
  } finally {
    unwatch();
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
