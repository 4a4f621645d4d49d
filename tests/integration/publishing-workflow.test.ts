import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { table, tableName } from '../../functions/core/table/client';
import { keys } from '../../functions/core/table/keys';
import { tableScheduler } from '../../functions/core/scheduler/scheduler-port';
import { postScheduleName } from '../../functions/core/posts/post-schedule';
import { instagramSentences } from '../../functions/core/integrations/instagram-client';
import { linkedinSentences } from '../../functions/core/integrations/linkedin-client';
import { API_VERSIONS } from '../../functions/core/platform-config';
import { askedScopes } from '../../functions/core/integrations/platform-scopes';
import { PLATFORM_SANDBOX_CLIENTS } from '../../infra/local/sandbox/platform-sandbox';
import { ruleMessages, visibleLength } from '../../shared/platform-rules';
import { signedInUser, waitForMail, type TestClient } from '../support/api-client';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';
import { uploadImage } from './calendar-support';
import { makePaid } from '../support/billing';
import {
  connectWithProfile,
  failNext,
  getPost,
  publishNow,
  sandboxPosts,
  settled,
  uniqueCopy,
  type ApiPost,
} from './publishing-support';

beforeAll(() => {
  useSuiteRuntimeEnv();
});

const GRAPH = `/graph/${API_VERSIONS.graph.version}`;
/**
 * The account this file connects as, and the only one its failures are asked for: other files
 * publish to the same fixture pages and LinkedIn paths through the shared sandbox meanwhile.
 */
const ACCOUNT = 'Wren Workflow';
const FEED = `${GRAPH}/2000001/feed`;
const IG_MEDIA = `${GRAPH}/17841400000001/media`;

/** Every character LinkedIn's little text reserves, written as a person would. */
const RESERVED = 'Open (today) [v2] {beta} <new> for @team: *bold* _under_ ~tilde~ a|b back\\slash #spring # and C#';

/** A LinkedIn token straight from the runtime's sandbox (consent, then the code exchange), with `scopes`. */
async function linkedinToken(sandbox: string, appOrigin: string, scopes: string[]): Promise<string> {
  const { clientId, clientSecret } = PLATFORM_SANDBOX_CLIENTS.linkedin;
  const redirectUri = `${appOrigin}/api/integrations/linkedin/callback`;
  const form = new URLSearchParams({ name: 'Rule Tester', decision: 'allow', client_id: clientId, state: 's' });
  form.set('redirect_uri', redirectUri);
  form.set('scope', scopes.join(' '));
  const approve = await fetch(`${sandbox}/__sandbox/approve/linkedin`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const code = new URL(approve.headers.get('location')!).searchParams.get('code') ?? '';
  const res = await fetch(`${sandbox}/linkedin-www/oauth/v2/accessToken`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const scheduleItem = async (name: string) =>
  (await table().send(new GetCommand({ TableName: tableName(), Key: keys.schedule(name) }))).Item;

describe('the publish workflow against the sandbox platforms', () => {
  let client: TestClient;
  let companyId: number;
  let email: string;
  let sandbox: string;

  beforeAll(async () => {
    ({ client, companyId, email } = await signedInUser('publisher'));
    await makePaid(client);
    sandbox = await connectWithProfile(client, 'facebook', 0, ACCOUNT);
    await connectWithProfile(client, 'instagram', 0, ACCOUNT);
    await connectWithProfile(client, 'linkedin', 0, ACCOUNT);
    await connectWithProfile(client, 'threads', 0, ACCOUNT);
  });

  it('publishes now on each platform once, with the permalink the platform gave', async () => {
    const image = await uploadImage(client, 'menu.png');
    for (const platform of ['facebook', 'instagram', 'linkedin', 'threads']) {
      const copy = uniqueCopy(`now ${platform}`);
      const id = await publishNow(client, platform, copy, [image]);
      const post = await settled(client, id);
      expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
      expect(post.permalink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      const arrived = await sandboxPosts(sandbox, copy);
      expect(arrived).toHaveLength(1);
      expect(arrived[0]!.permalink).toBe(post.permalink);
      expect(arrived[0]!.media).toHaveLength(1);
      const page = await fetch(post.permalink!);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(copy.slice(0, 40));
    }
  });

  it('waits out a 429 and publishes once (a rate-limited call created nothing)', async () => {
    const copy = uniqueCopy('rate limited');
    await failNext(sandbox, {
      path: FEED,
      account: ACCOUNT,
      status: 429,
      headers: { 'retry-after': '1' },
      body: { error: { message: '(#4) Application request limit reached', type: 'OAuthException', code: 4 } },
    });
    const post = await settled(client, await publishNow(client, 'facebook', copy));
    expect(post.status).toBe('published');
    expect(await sandboxPosts(sandbox, copy)).toHaveLength(1);
  });

  it('after a 500 from a create that did happen, finds the post instead of publishing it twice', async () => {
    for (const [platform, path] of [
      ['facebook', FEED],
      ['linkedin', '/linkedin-api/rest/posts'],
      ['instagram', `${IG_MEDIA}_publish`],
    ] as const) {
      const copy = uniqueCopy(`unknown outcome ${platform}`);
      await failNext(sandbox, { path, account: ACCOUNT, failure: 'server-error', after: true });
      const files = platform === 'instagram' ? [await uploadImage(client)] : [];
      const post = await settled(client, await publishNow(client, platform, copy, files));
      expect(post.status, JSON.stringify(post)).toBe('published');
      const arrived = await sandboxPosts(sandbox, copy);
      expect(arrived).toHaveLength(1);
      expect(post.permalink).toBe(arrived[0]!.permalink);
    }
  });

  it('ends failed with the container error sentence, tells the company in a notice and a mail', async () => {
    const copy = uniqueCopy('container error');
    await failNext(sandbox, { path: IG_MEDIA, account: ACCOUNT, failure: 'container-error' });
    const id = await publishNow(client, 'instagram', copy, [await uploadImage(client)]);
    const post = await settled(client, id);
    expect(post.status).toBe('failed');
    expect(post.error).toBe(
      "Instagram could not process this post's image or video (Error: Media upload has failed with error code 2207026). Replace the file and publish again.",
    );
    expect(await sandboxPosts(sandbox, copy)).toHaveLength(0);

    const list = (await client.get('/api/notifications')).body;
    expect(list.notifications[0]).toMatchObject({
      kind: 'publish-failed',
      postId: id,
      platform: 'instagram',
      read: false,
      title: 'Your Instagram post was not published',
    });
    expect(list.notifications[0].message).toContain(post.error);
    expect(list.unread).toBeGreaterThan(0);
    const mail = await waitForMail(email, /Instagram post was not published/);
    expect(mail.text).toContain(post.error);
    expect(mail.text).toContain(`/post/${id}`);
  });

  it('ends failed with the reconnect sentence on an expired token and marks the connection', async () => {
    const copy = uniqueCopy('expired');
    await failNext(sandbox, { path: FEED, account: ACCOUNT, failure: 'token-expired' });
    const post = await settled(client, await publishNow(client, 'facebook', copy));
    expect(post.status).toBe('failed');
    expect(post.error).toBe('Your Facebook connection has expired. Reconnect Facebook from the apps page.');
    expect((await client.get('/api/integrations/facebook/status')).body).toMatchObject({
      connected: false,
      reconnect: true,
    });
    // A later publish says the same at once, without calling the platform.
    const again = await settled(client, await publishNow(client, 'facebook', uniqueCopy('expired again')));
    expect(again.error).toBe(post.error);
    // Reconnecting mends it.
    await connectWithProfile(client, 'facebook', 0, ACCOUNT);
  });

  it('publishes once when the same trigger is delivered twice', async () => {
    const copy = uniqueCopy('twice');
    const scheduledAt = new Date(Date.now() + 4000).toISOString();
    const res = await client.post<ApiPost[]>('/api/calendar', {
      platforms: ['linkedin'],
      content: copy,
      scheduledAt,
      action: 'schedule',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body[0]!.id;
    const schedule = await scheduleItem(postScheduleName(companyId, id));
    expect(schedule).toMatchObject({ at: scheduledAt, workflow: 'publish-post' });
    // Two more deliveries of the same trigger, due at the same moment as the post's own.
    for (const copyName of ['dupe-a', 'dupe-b']) {
      await tableScheduler.upsert({
        name: `${postScheduleName(companyId, id)}-${copyName}`,
        at: new Date(scheduledAt),
        workflow: 'publish-post',
        input: schedule!.input,
      });
    }
    const post = await settled(client, id, 30_000);
    expect(post.status).toBe('published');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sandboxPosts(sandbox, copy)).toHaveLength(1);
    expect(await scheduleItem(postScheduleName(companyId, id))).toBeUndefined();
  });

  it('keeps one schedule per scheduled post: moved on reschedule, gone on delete and on Publish Now', async () => {
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const res = await client.post<ApiPost[]>('/api/calendar', {
      platforms: ['facebook', 'linkedin'],
      content: uniqueCopy('scheduled'),
      scheduledAt: at(30),
      action: 'schedule',
    });
    const [first, second] = res.body;
    const name = postScheduleName(companyId, first!.id);
    const moved = at(60);
    const patched = await client.patch(`/api/calendar/${first!.id}`, {
      scheduledAt: moved,
      action: 'schedule',
      version: first!.version,
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await scheduleItem(name))?.at).toBe(moved);

    expect((await client.delete(`/api/calendar/${first!.id}`)).status).toBe(204);
    expect(await scheduleItem(name)).toBeUndefined();

    const secondName = postScheduleName(companyId, second!.id);
    expect(await scheduleItem(secondName)).toBeDefined();
    const now = await client.patch(`/api/calendar/${second!.id}`, { action: 'publish', version: second!.version });
    expect(now.status).toBe(200);
    expect(await scheduleItem(secondName)).toBeUndefined();
    expect((await settled(client, second!.id)).status).toBe('published');
  });

  it('refuses a Threads post that emoji make longer than Threads counts, before anything is sent', async () => {
    // 420 characters, 1,050 as Threads counts them (each 🎉 is 4).
    const copy = `${uniqueCopy('emoji').slice(0, 210)}${'🎉'.repeat(210)}`;
    const res = await client.post('/api/calendar', { platforms: ['threads'], content: copy, action: 'publish' });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(JSON.stringify(res.body)).toContain(ruleMessages.threadsEmojiTooLong(500));
  });

  it('publishes a Threads post of 500 accented and CJK characters, which Threads counts once each', async () => {
    const head = uniqueCopy('accents').slice(0, 120);
    let copy = `${head} Crème brûlée, smørrebrød, 春のメニュー、日本茶と和菓子。`;
    while (visibleLength(copy) < 500) copy += visibleLength(copy) % 2 ? 'é' : '茶';
    expect(visibleLength(copy)).toBe(500);
    expect(Buffer.byteLength(copy)).toBeGreaterThan(500);
    const post = await settled(client, await publishNow(client, 'threads', copy));
    expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
    expect(await sandboxPosts(sandbox, copy)).toHaveLength(1);
  });

  it('publishes a LinkedIn post with every reserved character intact, and finds it after a lost answer', async () => {
    const copy = `${uniqueCopy('reserved')} ${RESERVED}`;
    const post = await settled(client, await publishNow(client, 'linkedin', copy));
    expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
    expect(await sandboxPosts(sandbox, copy)).toHaveLength(1);
    // Made, then answered 500: the lookup reads LinkedIn's little text back as the same text.
    const lost = `${uniqueCopy('reserved lost')} ${RESERVED}`;
    await failNext(sandbox, {
      path: '/linkedin-api/rest/posts',
      account: ACCOUNT,
      failure: 'server-error',
      after: true,
    });
    expect((await settled(client, await publishNow(client, 'linkedin', lost))).status).toBe('published');
    expect(await sandboxPosts(sandbox, lost)).toHaveLength(1);
  });

  it('the LinkedIn stand-in refuses a sunset version and unescaped little text, as LinkedIn would', async () => {
    const token = await linkedinToken(sandbox, client.baseUrl, askedScopes('linkedin'));
    const post = (version: string, commentary: string) =>
      fetch(`${sandbox}/linkedin-api/rest/posts`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'linkedin-version': version,
          'x-restli-protocol-version': '2.0.0',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ author: 'urn:li:organization:4000001', commentary, lifecycleState: 'PUBLISHED' }),
      });
    const sunset = await post('202411', uniqueCopy('sunset'));
    expect(sunset.status).toBe(426);
    expect(await sunset.json()).toMatchObject({ code: 'NONEXISTENT_VERSION' });
    const unescaped = await post(API_VERSIONS.linkedin.version, `${uniqueCopy('unescaped')} (cut here)`);
    expect(unescaped.status).toBe(422);
    expect(((await unescaped.json()) as { message: string }).message).toMatch(
      /^commentary: The character '\(' at \d+ is reserved in LinkedIn's little text format/,
    );
  });

  it("publishes an Instagram carousel (children, then the parent); more than the API's 10 fails with its sentence", async () => {
    const images: number[] = [];
    for (let i = 0; i < 11; i++) images.push(await uploadImage(client, `carousel-${i}.png`));
    const copy = uniqueCopy('carousel');
    const post = await settled(client, await publishNow(client, 'instagram', copy, images.slice(0, 3)));
    expect(post.status, JSON.stringify(post)).toBe('published');
    const [arrived] = await sandboxPosts(sandbox, copy);
    expect(arrived!.media).toHaveLength(3);

    // The spec allows 20 files on Instagram; its publishing API takes carousels of 10.
    const tooMany = await settled(client, await publishNow(client, 'instagram', uniqueCopy('eleven'), images));
    expect(tooMany.status).toBe('failed');
    expect(tooMany.error).toBe(instagramSentences.carousel);
  });

  it("says a LinkedIn duplicate is the text's fault, and leaves the connection as it was", async () => {
    const copy = uniqueCopy('duplicate');
    expect((await settled(client, await publishNow(client, 'linkedin', copy))).status).toBe('published');
    const again = await settled(client, await publishNow(client, 'linkedin', copy));
    expect(again).toMatchObject({ status: 'failed', error: linkedinSentences.duplicate });
    expect(await sandboxPosts(sandbox, copy)).toHaveLength(1);
    expect((await client.get('/api/integrations/linkedin/status')).body).toMatchObject({ connected: true });
  });

  it('reads "already posted" after an unknown outcome as its own post: published once, not failed', async () => {
    const copy = uniqueCopy('duplicate after a lost answer');
    const posts = '/linkedin-api/rest/posts';
    // The create happens but its answer is lost; the lookup after it misses the post (a listing
    // not yet up to date); the create again is refused as a duplicate: the post is the run's own.
    await failNext(sandbox, { path: posts, account: ACCOUNT, failure: 'server-error', after: true });
    await failNext(sandbox, {
      path: posts,
      account: ACCOUNT,
      status: 200,
      body: { paging: { start: 0, count: 50 }, elements: [] },
    });
    const post = await settled(client, await publishNow(client, 'linkedin', copy));
    expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
    const arrived = await sandboxPosts(sandbox, copy);
    expect(arrived).toHaveLength(1);
    expect(post.permalink).toBe(arrived[0]!.permalink);
  });

  it('retries a failed post with Publish Now', async () => {
    const copy = uniqueCopy('retry');
    await failNext(sandbox, { path: '/linkedin-api/rest/posts', account: ACCOUNT, failure: 'token-expired' });
    const failed = await settled(client, await publishNow(client, 'linkedin', copy));
    expect(failed.status).toBe('failed');
    await connectWithProfile(client, 'linkedin', 0, ACCOUNT);
    const current = await getPost(client, failed.id);
    expect(
      (await client.patch(`/api/calendar/${failed.id}`, { action: 'publish', version: current.version })).status,
    ).toBe(200);
    const post = await settled(client, failed.id);
    expect(post).toMatchObject({ status: 'published', error: null });
    expect(await sandboxPosts(sandbox, copy)).toHaveLength(1);
  });
});
