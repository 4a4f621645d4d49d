import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type TestClient } from '../support/api-client';
import { connectWordPress, platformSandboxOrigin } from '../support/app-connect';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';
import { uploadImage } from './calendar-support';
import { makePaid } from '../support/billing';
import { settled, type ApiPost } from './publishing-support';

beforeAll(() => {
  useSuiteRuntimeEnv();
});

const POSTS = '/wp-json/wp/v2/posts';
const BODY = 'Our starter is twelve years old.\n\nWe feed it rye flour & water every morning, and never skip a day.';

interface SiteRequest {
  method: string;
  path: string;
  user?: string;
  query: Record<string, string>;
  status: number;
}

/** A title no other test uses (the sandbox site is shared by every test of the run), 80 characters or more as the spec asks. */
const uniqueTitle = (label: string) =>
  `${label}: five ways our bakery keeps its sourdough starter alive through the coldest winter months ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * The publish workflow for a blog post to WordPress against the sandbox site: a rate limit is
 * waited out and the create called again; an unknown outcome (a 500, a timeout) is looked up on
 * the site before the create runs again, so a post is never made twice.
 */
describe('publishing a blog post to WordPress through the workflow', () => {
  let client: TestClient;
  let site: string;
  /** The WordPress user this company connected as: the sandbox's failures and log are filtered on it. */
  let login: string;

  beforeAll(async () => {
    ({ client } = await signedInUser('wp-publisher'));
    await makePaid(client);
    site = await platformSandboxOrigin(client);
    login = `pat${Date.now().toString(36)}`;
    await connectWordPress(client, `${site}/`, { userLogin: login });
  });

  async function failNext(spec: Record<string, unknown>) {
    const res = await fetch(`${site}/__sandbox/wordpress/fail-next`, {
      method: 'POST',
      body: JSON.stringify({ user: login, ...spec }),
    });
    expect(res.status).toBe(204);
  }

  /** What the site holds with this title (the truth a duplicate would show in). */
  async function sitePosts(title: string) {
    const res = await fetch(`${site}/__sandbox/wordpress/posts`);
    const { posts } = (await res.json()) as { posts: { id: number; title: string; status: string; link: string }[] };
    return posts.filter((p) => p.title === title);
  }

  /** The calls to /posts this company's user made since `from`, oldest first. */
  async function postsCalls(from: number): Promise<SiteRequest[]> {
    const res = await fetch(`${site}/__sandbox/wordpress/requests`);
    const { requests } = (await res.json()) as { requests: (SiteRequest & { at: string })[] };
    return requests
      .filter((r) => r.user === login && r.path === POSTS && Date.parse(r.at) >= from)
      .reverse()
      .map(({ method, path, user, query, status }) => ({ method, path, user, query, status }));
  }

  /** The site's media library, newest first. */
  async function siteMedia() {
    const res = await fetch(`${site}/__sandbox/wordpress/posts`);
    const { media } = (await res.json()) as { media: { id: number; source_url: string }[] };
    return media;
  }

  async function publishBlog(title: string, files: number[] = []): Promise<ApiPost> {
    const res = await client.post<ApiPost[]>('/api/calendar', {
      platforms: ['wordpress'],
      subject: title,
      content: BODY,
      files,
      action: 'publish',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return settled(client, res.body[0]!.id);
  }

  it('waits out a 429 and creates the post once, without a lookup (a rate-limited call created nothing)', async () => {
    const title = uniqueTitle('rate limited');
    const from = Date.now();
    await failNext({ path: POSTS, method: 'POST', failure: 'rate-limit', headers: { 'retry-after': '1' } });
    const post = await publishBlog(title);
    expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
    const stored = await sitePosts(title);
    expect(stored).toHaveLength(1);
    expect(post.permalink).toBe(stored[0]!.link);
    expect((await postsCalls(from)).map((r) => `${r.method} ${r.status}`)).toEqual(['POST 429', 'POST 201']);
  });

  it('after a 500 from a create that did happen, looks the post up and records it instead of creating it twice', async () => {
    const title = uniqueTitle('unknown outcome');
    const from = Date.now();
    await failNext({ path: POSTS, method: 'POST', failure: 'server-error', after: true });
    const post = await publishBlog(title);
    expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
    const stored = await sitePosts(title);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.status).toBe('publish');
    expect(post.permalink).toBe(stored[0]!.link);
    expect(post.permalink).toMatch(new RegExp(`^${site}/\\?p=\\d+$`));
    const calls = await postsCalls(from);
    expect(calls.map((r) => `${r.method} ${r.status}`)).toEqual(['POST 500', 'GET 200']);
    expect(calls[1]!.query).toMatchObject({
      status: 'publish,future,draft',
      context: 'edit',
      search: expect.stringContaining('bakery'),
      after: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it('after a 500 that created nothing, the lookup finds nothing and the post is created once', async () => {
    const title = uniqueTitle('nothing created');
    const from = Date.now();
    await failNext({ path: POSTS, method: 'POST', failure: 'server-error' });
    const post = await publishBlog(title);
    expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
    const stored = await sitePosts(title);
    expect(stored).toHaveLength(1);
    expect(post.permalink).toBe(stored[0]!.link);
    expect((await postsCalls(from)).map((r) => `${r.method} ${r.status}`)).toEqual(['POST 500', 'GET 200', 'POST 201']);
  });

  it('after a 500 once the image is up, the retry finds that image and uses it: one post, one upload', async () => {
    const title = uniqueTitle('image kept');
    const name = `loaf ${Date.now().toString(36)}.png`;
    const image = await uploadImage(client, name);
    const from = Date.now();
    await failNext({ path: POSTS, method: 'POST', failure: 'server-error' });
    const post = await publishBlog(title, [image]);
    expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
    const stem = name.replace(/\.png$/, '').replace(/\s+/g, '-');
    const uploads = (await siteMedia()).filter((m) => m.source_url.includes(`/${stem}`));
    expect(uploads).toHaveLength(1);
    const stored = await sitePosts(title);
    expect(stored).toHaveLength(1);
    expect((stored[0] as unknown as { featured_media: number }).featured_media).toBe(uploads[0]!.id);
    const res = await fetch(`${site}/__sandbox/wordpress/requests`);
    const { requests } = (await res.json()) as { requests: (SiteRequest & { at: string })[] };
    const calls = requests
      .filter((r) => r.user === login && Date.parse(r.at) >= from && r.path.startsWith('/wp-json/wp/v2/'))
      .reverse()
      .map((r) => `${r.method} ${r.path.replace('/wp-json/wp/v2', '')} ${r.status}`);
    expect(calls).toEqual([
      'POST /media 201',
      'POST /posts 500',
      'GET /posts 200',
      'GET /media 200',
      'POST /posts 201',
    ]);
  });

  it("lists the site's calls on the dev page's sandbox list, as the social platforms' are", async () => {
    const title = uniqueTitle('dev list');
    const from = Date.now();
    const post = await publishBlog(title);
    expect(post.status).toBe('published');
    const res = await client.get('/api/integrations/dev/sandbox-requests');
    expect(res.status).toBe(200);
    const { requests } = res.body as {
      requests: { at: string; platform: string; method: string; path: string; status: number }[];
    };
    expect(requests).toContainEqual(
      expect.objectContaining({ platform: 'wordpress', method: 'POST', path: POSTS, status: 201 }),
    );
    expect(requests.filter((r) => r.platform === 'wordpress' && Date.parse(r.at) >= from).length).toBeGreaterThan(0);
  });

  it('ends failed with the reconnect sentence on a revoked password and marks the connection', async () => {
    const other = await signedInUser('wp-revoked');
    await makePaid(other.client);
    const revokedLogin = `rev${Date.now().toString(36)}`;
    await connectWordPress(other.client, `${site}/`, { userLogin: revokedLogin });
    const res = await fetch(`${site}/__sandbox/wordpress/fail-next`, {
      method: 'POST',
      body: JSON.stringify({
        path: POSTS,
        method: 'POST',
        user: revokedLogin,
        status: 401,
        body: {
          code: 'incorrect_password',
          message: 'The provided password is an invalid application password.',
          data: { status: 401 },
        },
      }),
    });
    expect(res.status).toBe(204);
    const title = uniqueTitle('revoked');
    const created = await other.client.post<ApiPost[]>('/api/calendar', {
      platforms: ['wordpress'],
      subject: title,
      content: BODY,
      action: 'publish',
    });
    expect(created.status).toBe(201);
    const post = await settled(other.client, created.body[0]!.id);
    expect(post).toMatchObject({
      status: 'failed',
      error: 'Your WordPress connection has expired. Reconnect WordPress from the apps page.',
    });
    expect(await sitePosts(title)).toHaveLength(0);
    expect((await other.client.get('/api/integrations/wordpress/status')).body).toMatchObject({
      connected: false,
      reconnect: true,
    });
  });
});
