import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { table, tableName } from '../../functions/core/table/client';
import { keys } from '../../functions/core/table/keys';
import { WORDPRESS_APP_ID } from '../../functions/core/integrations/wordpress-connection';
import { wordpressMediaSlug } from '../../functions/core/publishing/wordpress-request';
import { signedInUser, type TestClient } from '../support/api-client';
import { makePaid } from '../support/billing';
import {
  permalinkSites,
  sharedSites,
  type ScenarioSite,
  type SiteUser,
  type WordPressRole,
} from '../support/real-wordpress-sites';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';
import { fireCollection } from '../support/metrics-collection';
import { eventually } from '../support/test-site-runtime';
import type { PostFigures } from '../../shared/schemas/post-analytics';
import { uploadImage } from './calendar-support';
import { settled, type ApiPost } from './publishing-support';

/**
 * WordPress, connected and published to, against two sites: the real WordPress the suite starts
 * (Debian's 6.1 on PHP and MariaDB, tests/support/real-wordpress.ts) and the stand-in `npm start`
 * serves. Every scenario runs on both and expects the same: where they differ, the stand-in is
 * wrong. Outages and lost answers come from the stand-in's fail-next, or the proxy in front of
 * the real site.
 */

beforeAll(() => {
  useSuiteRuntimeEnv();
});

const real = inject('realWordPress');
const realMissing = 'missing' in real ? real.missing : undefined;
if (realMissing) console.warn(`Skipping the real WordPress: ${realMissing}`);

const KINDS = ['real', 'stand-in'] as const;
const WP = '/wp/v2';

/** Words no other test uses: the real site and the runtime's stand-in are shared by the whole run. */
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const longTitle = (label: string, id: string) =>
  `${label}: five ways our bakery keeps its sourdough starter alive through the coldest winter months ${id}`;

const MARKDOWN = `Our starter is twelve years old.
We feed it rye flour & water every morning.

## Why the starter matters

- **Rye** keeps it lively
- See [our shop](https://example.com/shop) for jars

<b>Raw HTML</b> stays as text.`;

interface WpPost {
  id: number;
  link: string;
  status: string;
  featured_media: number;
  categories: number[];
  tags: number[];
  title: { raw: string; rendered: string };
  content: { raw: string; rendered: string };
}
interface WpMedia {
  id: number;
  post: number | null;
  alt_text: string;
  media_type: string;
  mime_type: string;
  slug: string;
  source_url: string;
}

const rawItem = async (companyId: number, app: string) =>
  (await table().send(new GetCommand({ TableName: tableName(), Key: keys.integration(companyId, app) }))).Item;

/** Tags out, entities in: what a reader sees of a rendered title. */
const seen = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&#0*38;|&amp;/g, '&')
    .replace(/&lt;|&#0*60;/g, '<')
    .replace(/&gt;|&#0*62;/g, '>')
    .replace(/&#8217;/g, '’');

/** A company of its own, on a paid plan, and the site user it connects as. */
async function company(label: string) {
  const user = await signedInUser(label);
  await makePaid(user.client);
  return user;
}

/**
 * The connect a browser walks: our connect answer, the site's authorize page (signed in as
 * `user`), WordPress's redirect, our callback; `beforeCallback` may change what comes back.
 */
async function connect(
  client: TestClient,
  site: ScenarioSite,
  user: SiteUser,
  options: { decision?: 'approve' | 'reject'; appName?: string; beforeCallback?: (url: URL) => void } = {},
) {
  const start = await client.post<{ url: string }>('/api/integrations/wordpress/connect', { website: site.origin });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const authorize = new URL(start.body.url);
  if (options.appName) authorize.searchParams.set('app_name', options.appName);
  const outcome = await site.authorize(authorize, user, options.decision ?? 'approve');
  if (!outcome.location) return { authorize, outcome };
  const callback = outcome.location;
  options.beforeCallback?.(callback);
  const done = await client.get(callback.pathname + callback.search);
  expect(done.status, JSON.stringify(done.body)).toBe(302);
  return { authorize, outcome, callback, landed: new URL(done.headers.get('location')!) };
}

async function connected(client: TestClient, site: ScenarioSite, role: WordPressRole = 'editor') {
  const user = await site.addUser(role);
  const { landed, outcome } = await connect(client, site, user);
  expect(landed?.searchParams.get('connected'), JSON.stringify(outcome)).toBe('wordpress');
  return user;
}

const passwordsOf = async (site: ScenarioSite, user: SiteUser) =>
  (
    await site.admin<{ uuid: string; name: string; app_id: string }[]>(
      'GET',
      `${WP}/users/${user.id}/application-passwords`,
    )
  ).body;

const signsIn = async (site: ScenarioSite, login: string, password: string) => {
  const url = new URL(`${site.origin}/`);
  url.searchParams.set('rest_route', `${WP}/users/me`);
  const res = await fetch(url, {
    headers: { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` },
  });
  return res.status;
};

async function publishBlog(
  client: TestClient,
  post: { subject: string; content?: string; files?: number[]; wordpress?: { categories: number[]; tags: number[] } },
  action: 'publish' | 'schedule' = 'publish',
  scheduledAt?: string,
): Promise<ApiPost> {
  const res = await client.post<ApiPost[]>('/api/calendar', {
    platforms: ['wordpress'],
    content: MARKDOWN,
    files: [],
    action,
    ...(scheduledAt ? { scheduledAt } : {}),
    ...post,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return settled(client, res.body[0]!.id);
}

/** The site's posts with this word in the title, as its admin reads them. */
async function sitePosts(site: ScenarioSite, word: string): Promise<WpPost[]> {
  const found = await site.admin<WpPost[]>('GET', `${WP}/posts`, undefined, {
    search: word,
    context: 'edit',
    status: 'publish,future,draft,pending',
    per_page: '20',
  });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  return found.body.filter((p) => p.title.raw.includes(word));
}

const media = async (site: ScenarioSite, id: number) =>
  (await site.admin<WpMedia>('GET', `${WP}/media/${id}`, undefined, { context: 'edit' })).body;

const mediaBySlug = async (site: ScenarioSite, slug: string) =>
  (await site.admin<WpMedia[]>('GET', `${WP}/media`, undefined, { slug, context: 'edit' })).body;

/** An MP4's opening box (ftyp, brand isom) followed by padding: enough for both sides' type checks. */
async function uploadVideo(client: TestClient, name: string): Promise<number> {
  const mp4 = Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2avc1mp41'),
    Buffer.alloc(4096),
  ]);
  const asked = await client.post<{ mediaID: number; url: string; headers: Record<string, string> }[]>(
    '/api/media/upload',
    [{ filename: name, size: mp4.length }],
  );
  const [target] = asked.body;
  await fetch(target!.url, { method: 'PUT', headers: target!.headers, body: mp4 });
  const done = await client.post('/api/media/complete', { mediaID: target!.mediaID });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return target!.mediaID;
}

const calls = (list: { method: string; route?: string; status: number }[], route: string) =>
  list.filter((r) => r.route === route).map((r) => `${r.method} ${r.status}`);

describe.each(KINDS)('WordPress: %s', (kind) => {
  let site: ScenarioSite;

  describe.skipIf(kind === 'real' && realMissing)('connecting', () => {
    let owner: Awaited<ReturnType<typeof company>>;
    beforeAll(async () => {
      owner = await company(`wp-connect-${kind}`);
      site = (await sharedSites(owner.client)).find((s) => s.kind === kind)!;
    });

    it('connects an editor through the authorize page under a name of its own; Disconnect revokes the password', async () => {
      const { client, companyId } = await company(`wp-${kind}`);
      const user = await site.addUser('editor');
      const { authorize, landed, callback, outcome } = await connect(client, site, user);
      expect(`${landed!.pathname}${landed!.search}`).toBe('/settings/apps?connected=wordpress');
      expect(authorize.searchParams.get('app_id')).toBe(WORDPRESS_APP_ID);
      expect(outcome.appName).toMatch(/^Marketing Automation \((.+ )?[0-9a-f]{6}\)$/);
      const index = await site.admin<{ name: string }>('GET', '/');
      expect((await client.get('/api/integrations/wordpress/status')).body).toEqual({
        connected: true,
        profile: { id: site.origin, name: index.body.name },
      });
      const password = callback!.searchParams.get('password')!;
      const item = await rawItem(companyId, 'wordpress');
      expect(item!.secrets).toMatch(/^gcm:/);
      expect(JSON.stringify(item)).not.toContain(password);
      expect(await passwordsOf(site, user)).toEqual([
        expect.objectContaining({ name: outcome.appName, app_id: WORDPRESS_APP_ID }),
      ]);

      expect((await client.post('/api/integrations/wordpress/disconnect')).body).toEqual({ connected: false });
      expect(await rawItem(companyId, 'wordpress')).toBeUndefined();
      expect(await passwordsOf(site, user)).toEqual([]);
      expect(await signsIn(site, user.login, password)).toBe(401);

      // Connecting again is a new name, which WordPress takes.
      const again = await connect(client, site, user);
      expect(again.landed?.searchParams.get('connected')).toBe('wordpress');
      expect(again.outcome.appName).not.toBe(outcome.appName);
    });

    it("refuses an application name the user already has on WordPress's own page, where the user stays", async () => {
      const { client } = await company(`wp-dup-${kind}`);
      const user = await site.addUser('editor');
      const first = await connect(client, site, user, { appName: `Marketing Automation ${tag()}` });
      expect(first.landed?.searchParams.get('connected')).toBe('wordpress');
      const second = await connect(client, site, user, { appName: first.outcome.appName });
      expect(second.outcome).toMatchObject({ error: 'Each application name should be unique.' });
      expect(second.outcome.location).toBeUndefined();
    });

    it('a reconnect revokes the password it replaces', async () => {
      const { client } = await company(`wp-re-${kind}`);
      const user = await site.addUser('editor');
      const first = await connect(client, site, user);
      const second = await connect(client, site, user);
      expect(second.landed?.searchParams.get('connected')).toBe('wordpress');
      expect((await passwordsOf(site, user)).map((p) => p.name)).toEqual([second.outcome.appName]);
      expect(await signsIn(site, user.login, first.callback!.searchParams.get('password')!)).toBe(401);
      expect(await signsIn(site, user.login, second.callback!.searchParams.get('password')!)).toBe(200);
    });

    it('"No, I do not approve" comes back as a cancel, and no password is made', async () => {
      const { client } = await company(`wp-no-${kind}`);
      const user = await site.addUser('editor');
      const { landed, callback } = await connect(client, site, user, { decision: 'reject' });
      // WordPress sends the browser to reject_url as it is: the cancel is ours to mark.
      expect(callback!.searchParams.get('password')).toBeNull();
      expect(landed!.searchParams.get('error')).toBe('Connecting WordPress was cancelled.');
      expect(await passwordsOf(site, user)).toEqual([]);
      expect((await client.get('/api/integrations/wordpress/status')).body).toEqual({ connected: false });
    });

    it('a password the site does not accept says the site refused it, not that a connection expired', async () => {
      const { client } = await company(`wp-forged-${kind}`);
      const user = await site.addUser('editor');
      const { landed } = await connect(client, site, user, {
        beforeCallback: (url) => url.searchParams.set('password', 'AAAAAAAAAAAAAAAAAAAAAAAA'),
      });
      expect(landed!.searchParams.get('error')).toBe(
        `${site.origin} did not accept the application password it gave us for ${user.login}. Please connect again; if it happens again, ask your host whether the web server passes the Authorization header on to WordPress.`,
      );
      expect((await client.get('/api/integrations/wordpress/status')).body.connected).toBe(false);
    });

    it('refuses a Contributor at connect with a sentence saying so, and revokes the password it was given', async () => {
      const { client } = await company(`wp-contrib-${kind}`);
      const user = await site.addUser('contributor');
      const { landed } = await connect(client, site, user);
      expect(landed!.searchParams.get('error')).toBe(
        `The WordPress user ${user.login} is a Contributor on ${site.origin}, and may not publish posts there. Connect with an Author, Editor or Administrator account.`,
      );
      expect((await client.get('/api/integrations/wordpress/status')).body.connected).toBe(false);
      expect(await passwordsOf(site, user)).toEqual([]);
    });
  });

  describe.skipIf(kind === 'real' && realMissing)('publishing', () => {
    let client: TestClient;
    let companyId: number;
    let user: SiteUser;

    beforeAll(async () => {
      ({ client, companyId } = await company(`wp-pub-${kind}`));
      site = (await sharedSites(client)).find((s) => s.kind === kind)!;
      user = await connected(client, site);
    });

    it('publishes markdown as HTML and the title as text, the image featured, attached and described, filed under its categories and tags', async () => {
      const id = tag();
      const category = await site.admin<{ id: number }>('POST', `${WP}/categories`, { name: `Bread ${id}` });
      const label = await site.admin<{ id: number }>('POST', `${WP}/tags`, { name: `starter-${id}` });
      expect(category.status).toBe(201);
      const terms = await client.get<{
        categories: { id: number; name: string }[];
        tags: { id: number; name: string }[];
      }>('/api/integrations/wordpress/terms');
      expect(terms.status, JSON.stringify(terms.body)).toBe(200);
      expect(terms.body.categories).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'Uncategorized' }),
          { id: category.body.id, name: `Bread ${id}` },
        ]),
      );
      expect(terms.body.tags).toContainEqual({ id: label.body.id, name: `starter-${id}` });

      const subject = `Our <sourdough> & <b>rye</b>: ${longTitle('markdown', id)}`;
      const image = await uploadImage(client, `Straße Brot ø æ ${id}.png`);
      const post = await publishBlog(client, {
        subject,
        files: [image],
        wordpress: { categories: [category.body.id], tags: [label.body.id] },
      });
      expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
      const [stored, ...more] = await sitePosts(site, id);
      expect(more).toEqual([]);
      expect(post.permalink).toBe(stored!.link);
      expect(stored!.title.raw).toBe(
        'Our &lt;sourdough&gt; &amp; &lt;b&gt;rye&lt;/b&gt;: ' + longTitle('markdown', id),
      );
      expect(seen(stored!.title.rendered)).toBe(subject.replace(/'/g, '’'));
      expect(stored!.content.raw).toContain('<h2>Why the starter matters</h2>');
      expect(stored!.content.raw).toContain('<a href="https://example.com/shop">our shop</a>');
      expect(stored!.content.raw).toContain('<li><strong>Rye</strong> keeps it lively</li>');
      expect(stored!.content.raw).toContain('&lt;b>Raw HTML&lt;/b> stays as text.');
      expect(stored!.content.raw).not.toContain('##');
      expect(stored!.categories).toEqual([category.body.id]);
      expect(stored!.tags).toEqual([label.body.id]);
      const featured = await media(site, stored!.featured_media);
      expect(featured).toMatchObject({
        media_type: 'image',
        post: stored!.id,
        alt_text: 'Our &lt;sourdough&gt; &amp; &lt;b&gt;rye&lt;/b&gt;: ' + longTitle('markdown', id),
        slug: wordpressMediaSlug({ companyId, id: post.id }, { id: image }),
      });
    });

    it('a post without categories is filed under the site default, as WordPress does', async () => {
      const id = tag();
      const post = await publishBlog(client, { subject: longTitle('uncategorized', id) });
      expect(post.status).toBe('published');
      const [stored] = await sitePosts(site, id);
      const [uncategorized] = (
        await site.admin<{ id: number; name: string }[]>('GET', `${WP}/categories`, undefined, {
          search: 'Uncategorized',
        })
      ).body;
      expect(stored!.categories).toEqual([uncategorized!.id]);
    });

    it("the daily collection counts a post's approved comments, as the site does, and no likes or views", async () => {
      const id = tag();
      const post = await publishBlog(client, { subject: longTitle('comments', id) });
      expect(post.status).toBe('published');
      const [stored] = await sitePosts(site, id);
      // The site's admin may approve: their comment is approved at once; one held for moderation is not counted.
      expect((await site.admin('POST', `${WP}/comments`, { post: stored!.id, content: 'Lovely loaf.' })).status).toBe(
        201,
      );
      const held = await site.admin('POST', `${WP}/comments`, { post: stored!.id, content: 'Later.', status: 'hold' });
      expect(held.status).toBe(201);
      const approved = await site.admin<unknown[]>('GET', `${WP}/comments`, undefined, {
        post: String(stored!.id),
        status: 'approve',
        per_page: '100',
      });
      // The stand-in's readers comment too (its engagement model); the real site has only the admin's.
      if (kind === 'real') expect(approved.body).toHaveLength(1);

      // The run the connect armed, fired now as EventBridge would: the runtime reads the site.
      await fireCollection(companyId);
      const figures = await eventually(
        () => client.get<PostFigures>(`/api/reports/posts/${post.id}`),
        (res) => res.status === 200 && res.body.readings.length > 0,
        "the post's first reading",
        30_000,
      );
      expect(figures.body).toMatchObject({
        platform: 'wordpress',
        comments: approved.body.length,
        likes: 0,
        shares: 0,
        impressions: null,
        reach: null,
        engagement: approved.body.length,
      });
      if (kind === 'real') expect(figures.body.comments).toBe(1);
    });

    it('publishes a scheduled post at its time', async () => {
      const id = tag();
      const at = new Date(Date.now() + 4000).toISOString();
      const post = await publishBlog(client, { subject: longTitle('scheduled', id) }, 'schedule', at);
      expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
      expect(Date.parse(post.publishedAt!)).toBeGreaterThanOrEqual(Date.parse(at));
      expect(await sitePosts(site, id)).toHaveLength(1);
    });

    it('puts a video in the body, not as the featured image (which WordPress would drop without a word)', async () => {
      const id = tag();
      const video = await uploadVideo(client, `clip ${id}.mp4`);
      const post = await publishBlog(client, { subject: longTitle('video', id), files: [video] });
      expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
      const [stored] = await sitePosts(site, id);
      expect(stored!.featured_media).toBe(0);
      const [file] = await mediaBySlug(site, wordpressMediaSlug({ companyId, id: post.id }, { id: video }));
      expect(file).toMatchObject({ media_type: 'file', mime_type: 'video/mp4', post: stored!.id });
      expect(stored!.content.raw).toContain(`<video controls src="${file!.source_url}"></video>`);
    });

    it('waits out a 429 and creates the post once, without a lookup (a rate-limited call created nothing)', async () => {
      const id = tag();
      const from = Date.now();
      await site.failNext({ route: `${WP}/posts`, method: 'POST', user: user.login, failure: 'rate-limit' });
      const post = await publishBlog(client, { subject: longTitle('rate limited', id) });
      expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
      expect(await sitePosts(site, id)).toHaveLength(1);
      expect(calls(await site.requests(from, user.login), `${WP}/posts`)).toEqual(['POST 429', 'POST 201']);
    });

    it('after a 500 from a create that did happen, looks the post up and records it instead of creating it twice', async () => {
      const id = tag();
      const from = Date.now();
      await site.failNext({
        route: `${WP}/posts`,
        method: 'POST',
        user: user.login,
        failure: 'server-error',
        after: true,
      });
      const post = await publishBlog(client, { subject: longTitle('unknown outcome', id) });
      expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
      const stored = await sitePosts(site, id);
      expect(stored).toHaveLength(1);
      expect(post.permalink).toBe(stored[0]!.link);
      const list = await site.requests(from, user.login);
      expect(calls(list, `${WP}/posts`)).toEqual(['POST 500', 'GET 200']);
      expect(list.find((r) => r.route === `${WP}/posts` && r.method === 'GET')!.query).toMatchObject({
        status: 'publish,future,draft',
        context: 'edit',
        search: expect.stringContaining('bakery'),
      });
    });

    it('after a 500 that created nothing, the lookup finds nothing and the post is created once', async () => {
      const id = tag();
      const from = Date.now();
      await site.failNext({ route: `${WP}/posts`, method: 'POST', user: user.login, failure: 'server-error' });
      const post = await publishBlog(client, { subject: longTitle('nothing created', id) });
      expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
      expect(await sitePosts(site, id)).toHaveLength(1);
      expect(calls(await site.requests(from, user.login), `${WP}/posts`)).toEqual(['POST 500', 'GET 200', 'POST 201']);
    });

    it('an upload whose answer never came is found by the slug we gave it: one file, whatever name WordPress made of it', async () => {
      const id = tag();
      const image = await uploadImage(client, `Straße Brot ${id}.png`);
      const from = Date.now();
      await site.failNext({
        route: `${WP}/media`,
        method: 'POST',
        user: user.login,
        failure: 'disconnect',
        after: true,
      });
      const post = await publishBlog(client, { subject: longTitle('lost upload', id), files: [image] });
      expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
      const uploads = await mediaBySlug(site, wordpressMediaSlug({ companyId, id: post.id }, { id: image }));
      expect(uploads).toHaveLength(1);
      const [stored] = await sitePosts(site, id);
      expect(stored!.featured_media).toBe(uploads[0]!.id);
      expect(uploads[0]!.post).toBe(stored!.id);
      expect(calls(await site.requests(from, user.login), `${WP}/media`).filter((c) => c.startsWith('POST'))).toEqual([
        'POST 0',
      ]);
    });

    it('after a 500 once the image is up, the retry uses that image: one post, one upload', async () => {
      const id = tag();
      const image = await uploadImage(client, `loaf ${id}.png`);
      const from = Date.now();
      await site.failNext({ route: `${WP}/posts`, method: 'POST', user: user.login, failure: 'server-error' });
      const post = await publishBlog(client, { subject: longTitle('image kept', id), files: [image] });
      expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
      const uploads = await mediaBySlug(site, wordpressMediaSlug({ companyId, id: post.id }, { id: image }));
      expect(uploads).toHaveLength(1);
      const [stored] = await sitePosts(site, id);
      expect(stored!.featured_media).toBe(uploads[0]!.id);
      expect(calls(await site.requests(from, user.login), `${WP}/media`)).toEqual(['GET 200', 'POST 201', 'GET 200']);
    });

    it('a web page from a proxy in front of the site (502) is an outage: tried again, published once', async () => {
      const id = tag();
      await site.failNext({
        route: `${WP}/posts`,
        method: 'POST',
        user: user.login,
        status: 502,
        body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
      });
      const post = await publishBlog(client, { subject: longTitle('bad gateway', id) });
      expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
      expect(await sitePosts(site, id)).toHaveLength(1);
    });

    it('a 413 from the web server in front of WordPress says the file is too large, not to connect again', async () => {
      const id = tag();
      const image = await uploadImage(client, `big ${id}.png`);
      await site.failNext({
        route: `${WP}/media`,
        method: 'POST',
        user: user.login,
        status: 413,
        body: '<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request Entity Too Large</h1></center><hr><center>nginx</center></body></html>',
      });
      const post = await publishBlog(client, { subject: longTitle('too large', id), files: [image] });
      expect(post).toMatchObject({
        status: 'failed',
        error: `The file is too large for ${site.origin}: its web server refused the upload (HTTP 413). Use a smaller file, or ask your host to raise the upload limit.`,
      });
      expect(await sitePosts(site, id)).toHaveLength(0);
      expect((await client.get('/api/integrations/wordpress/status')).body.connected).toBe(true);
    });
    it("a firewall's 403 page says the site refused the call before WordPress saw it, not that the role changed", async () => {
      const id = tag();
      await site.failNext({
        route: `${WP}/posts`,
        method: 'POST',
        user: user.login,
        status: 403,
        body: '<html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1><p>Mod_Security</p></body></html>',
      });
      const post = await publishBlog(client, { subject: longTitle('firewall', id) });
      expect(post).toMatchObject({
        status: 'failed',
        error: `${site.origin} refused the call before WordPress saw it (HTTP 403 from its web server or a security plugin's firewall). Ask your host or the plugin to let the WordPress REST API through.`,
      });
      expect(await sitePosts(site, id)).toHaveLength(0);
      expect((await client.get('/api/integrations/wordpress/status')).body.connected).toBe(true);
    });
  });

  describe.skipIf(kind === 'real' && realMissing)('a connection that stops working', () => {
    it('a revoked password fails the post with the cause and marks the connection to reconnect', async () => {
      const { client } = await company(`wp-revoked-${kind}`);
      site = (await sharedSites(client)).find((s) => s.kind === kind)!;
      const user = await connected(client, site);
      // The user revokes every application password from their profile on the site.
      expect((await site.admin('DELETE', `${WP}/users/${user.id}/application-passwords`)).status).toBe(200);
      const id = tag();
      const post = await publishBlog(client, { subject: longTitle('revoked', id) });
      const sentence = `${site.origin} no longer accepts our application password for ${user.login}: it was revoked, or the user was removed. Reconnect WordPress from the apps page.`;
      expect(post).toMatchObject({ status: 'failed', error: sentence });
      expect(await sitePosts(site, id)).toHaveLength(0);
      expect((await client.get('/api/integrations/wordpress/status')).body).toEqual({
        connected: false,
        reconnect: true,
        message: sentence,
        profile: expect.objectContaining({ id: site.origin }),
      });
    });

    it('a user made Contributor after connecting fails the post saying their role changed', async () => {
      const { client } = await company(`wp-demoted-${kind}`);
      site = (await sharedSites(client)).find((s) => s.kind === kind)!;
      const user = await connected(client, site);
      expect((await site.admin('POST', `${WP}/users/${user.id}`, { roles: ['contributor'] })).status).toBe(200);
      const id = tag();
      const post = await publishBlog(client, { subject: longTitle('demoted', id) });
      expect(post).toMatchObject({
        status: 'failed',
        error: `The WordPress user ${user.login} may no longer publish posts on ${site.origin} (their role was changed). Reconnect WordPress with an Author, Editor or Administrator account.`,
      });
    });

    it("an Author publishes too: WordPress filters an Author's HTML, and the title still reads as written", async () => {
      const { client } = await company(`wp-author-${kind}`);
      site = (await sharedSites(client)).find((s) => s.kind === kind)!;
      await connected(client, site, 'author');
      const id = tag();
      const subject = `Flour & <water>: ${longTitle('author', id)}`;
      const post = await publishBlog(client, { subject });
      expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
      const [stored] = await sitePosts(site, id);
      expect(seen(stored!.title.rendered)).toBe(subject.replace(/'/g, '’'));
      expect(stored!.content.raw).toContain('<h2>Why the starter matters</h2>');
    });
  });
});

/**
 * Plain permalinks: /wp-json/ is then the site's front page and the API lives at ?rest_route=.
 * These sites are the file's own (the run's second real site, a stand-in on a site port), so
 * their permalinks may change; the scenarios run one after another.
 */
describe.each(KINDS)('WordPress with Plain permalinks: %s', (kind) => {
  let site: ScenarioSite;
  let sites: ScenarioSite[] = [];

  beforeAll(async () => {
    if (kind === 'real' && realMissing) return;
    sites = await permalinkSites();
    site = sites.find((s) => s.kind === kind)!;
    await site.setPermalinks('/%year%/%monthnum%/%day%/%postname%/');
  });
  afterAll(async () => {
    if (kind === 'real' && realMissing) return;
    await site.setPermalinks('/%year%/%monthnum%/%day%/%postname%/');
    await Promise.all(sites.map((s) => s.close()));
  });

  it.skipIf(kind === 'real' && realMissing)(
    'a connection made with pretty permalinks follows the site to ?rest_route= when they turn Plain, and stays connected',
    async () => {
      const { client } = await company(`wp-moved-${kind}`);
      const user = await connected(client, site);
      await site.setPermalinks('');
      const from = Date.now();
      const id = tag();
      const post = await publishBlog(client, { subject: longTitle('moved', id) });
      expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
      const stored = await sitePosts(site, id);
      expect(stored).toHaveLength(1);
      expect(post.permalink).toBe(`${site.origin}/?p=${stored[0]!.id}`);
      expect((await client.get('/api/integrations/wordpress/status')).body.connected).toBe(true);
      // The create at /wp-json/ met the front page (and made nothing); the same create at ?rest_route= made the post.
      const creates = (await site.requests(from, user.login)).filter(
        (r) => r.route === `${WP}/posts` && r.method === 'POST',
      );
      expect(creates.map((r) => `${r.status} ${r.query.rest_route ?? '/wp-json'}`)).toEqual([
        '200 /wp-json',
        `201 ${WP}/posts`,
      ]);
      // The next publish goes straight to the new root.
      const later = Date.now();
      expect((await publishBlog(client, { subject: longTitle('moved again', tag()) })).status).toBe('published');
      expect((await site.requests(later, user.login)).every((r) => r.query.rest_route !== undefined)).toBe(true);
    },
  );

  it.skipIf(kind === 'real' && realMissing)('connects and publishes with Plain permalinks from the start', async () => {
    await site.setPermalinks('');
    const home = await fetch(`${site.origin}/wp-json/`);
    expect(home.headers.get('content-type')).toMatch(/text\/html/);
    expect(home.headers.get('link')).toMatch(/rest_route=\/>; rel="https:\/\/api\.w\.org\/"/);
    const { client } = await company(`wp-plain-${kind}`);
    await connected(client, site);
    const id = tag();
    const post = await publishBlog(client, { subject: longTitle('plain', id) });
    expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
    expect(await sitePosts(site, id)).toHaveLength(1);
  });
});

describe("the runtime's stand-in on the dev page", () => {
  it("lists the site's calls on the dev page's sandbox list, as the social platforms' are", async () => {
    const { client } = await company('wp-dev-list');
    const site = (await sharedSites(client)).find((s) => s.kind === 'stand-in')!;
    await connected(client, site);
    const from = Date.now();
    const post = await publishBlog(client, { subject: longTitle('dev list', tag()) });
    expect(post.status).toBe('published');
    const res = await client.get('/api/integrations/dev/sandbox-requests');
    expect(res.status).toBe(200);
    const { requests } = res.body as {
      requests: { at: string; platform: string; method: string; path: string; status: number }[];
    };
    expect(requests).toContainEqual(
      expect.objectContaining({ platform: 'wordpress', method: 'POST', path: '/wp-json/wp/v2/posts', status: 201 }),
    );
    expect(requests.filter((r) => r.platform === 'wordpress' && Date.parse(r.at) >= from).length).toBeGreaterThan(0);
  });
});
