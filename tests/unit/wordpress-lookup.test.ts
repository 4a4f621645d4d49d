import { describe, expect, it } from 'vitest';
import {
  CLOCK_SLACK_MS,
  isSamePost,
  searchTerms,
  wordpressClient,
  type ListedPost,
} from '../../functions/core/integrations/wordpress-client';
import { PlatformError } from '../../functions/core/integrations/platform-error';
import { wordpressHtml } from '../../functions/core/publishing/wordpress-content';
import { approveWordPress, useSandboxPlatforms } from '../support/platform-sandbox';

const TITLE = 'Don\'t miss our "Spring" menu -- asparagus & rhubarb...';
const TEXT = 'Asparagus, wild garlic & rhubarb tart.\n\nBook a table: <no> queue,\nno fuss.';
const HTML = wordpressHtml(TEXT);

/** The lookup's matching, as WordPress hands posts back (raw with context=edit, else rendered). */
describe('WordPress lookup: which listed post is ours', () => {
  const since = new Date('2025-03-01T10:00:00Z');
  const listed = (over: Partial<ListedPost> = {}): ListedPost => ({
    id: 7,
    link: 'https://blog.example/?p=7',
    date_gmt: '2025-03-01T10:00:03',
    title: { raw: TITLE },
    content: { raw: HTML },
    ...over,
  });

  it('matches the raw title and content, and the rendered ones after entities, texturize and wpautop', () => {
    expect(isSamePost(listed(), { title: TITLE, html: HTML }, since)).toBe(true);
    const rendered = listed({
      title: {
        rendered: 'Don&#8217;t miss our &#8220;Spring&#8221; menu &#8211; asparagus &amp; rhubarb&#8230;',
      },
      content: {
        rendered:
          '<p>Asparagus, wild garlic &amp; rhubarb tart.</p>\n<p>Book a table: &lt;no&gt; queue,<br />\nno fuss.</p>\n',
      },
    });
    expect(isSamePost(rendered, { title: TITLE, html: HTML }, since)).toBe(true);
    // Whitespace and line ends do not count; a title without its content listed still matches.
    expect(
      isSamePost(listed({ title: { raw: `  ${TITLE}\r\n` }, content: undefined }), { title: TITLE, html: HTML }, since),
    ).toBe(true);
  });

  it('does not match another title, other content, or a post dated before `after` (less the clock slack)', () => {
    expect(isSamePost(listed({ title: { raw: 'Our summer menu' } }), { title: TITLE, html: HTML }, since)).toBe(false);
    expect(
      isSamePost(listed({ content: { raw: wordpressHtml('Another text.') } }), { title: TITLE, html: HTML }, since),
    ).toBe(false);
    const before = new Date(since.getTime() - CLOCK_SLACK_MS - 1000).toISOString().slice(0, 19);
    expect(isSamePost(listed({ date_gmt: before }), { title: TITLE, html: HTML }, since)).toBe(false);
    const withinSlack = new Date(since.getTime() - CLOCK_SLACK_MS + 1000).toISOString().slice(0, 19);
    expect(isSamePost(listed({ date_gmt: withinSlack }), { title: TITLE, html: HTML }, since)).toBe(true);
  });

  it('searches a few plain words of the title (WordPress searches ten or more words as one phrase)', () => {
    expect(searchTerms(TITLE, HTML)).toBe('Don miss our Spring menu asparagus');
    expect(searchTerms('', HTML)).toBe('Asparagus wild garlic rhubarb tart Book');
    expect(searchTerms('!!', '')).toBe('');
  });
});

/**
 * An upload is never matched by its name (WordPress's sanitize_file_name and -1 suffixes decide
 * it): the publisher finds its file by the slug it set (tests/integration/wordpress-publishing).
 */
describe('WordPress lookup against the sandbox site', () => {
  const sandbox = useSandboxPlatforms();

  const basic = (creds: { userLogin: string; password: string }) =>
    `Basic ${Buffer.from(`${creds.userLogin}:${creds.password}`).toString('base64')}`;

  async function failNext(spec: Record<string, unknown>) {
    const res = await fetch(`${sandbox.origin()}/__sandbox/wordpress/fail-next`, {
      method: 'POST',
      body: JSON.stringify(spec),
    });
    expect(res.status).toBe(204);
  }

  async function sitePosts(title: string) {
    const res = await fetch(`${sandbox.origin()}/__sandbox/wordpress/posts`);
    const { posts } = (await res.json()) as { posts: { id: number; title: string; link: string }[] };
    return posts.filter((p) => p.title === title);
  }

  it('finds the post made since the claim with the documented arguments; nothing for another title', async () => {
    const client = wordpressClient(sandbox.config());
    const creds = await approveWordPress(sandbox);
    const since = new Date();
    const made = await client.publishPost(creds, { title: TITLE, html: HTML });
    expect(await client.findPost(creds, { title: TITLE, html: HTML }, since)).toEqual(made);
    expect(await client.findPost(creds, { title: 'Nothing like it', html: HTML }, since)).toBeUndefined();

    const { requests } = (await (await fetch(`${sandbox.origin()}/__sandbox/wordpress/requests`)).json()) as {
      requests: { method: string; path: string; query: Record<string, string> }[];
    };
    const lookup = requests.find(
      (r) => r.method === 'GET' && r.path === '/wp-json/wp/v2/posts' && r.query.search?.startsWith('Don'),
    );
    expect(lookup?.query).toMatchObject({
      search: 'Don miss our Spring menu asparagus',
      after: new Date(since.getTime() - CLOCK_SLACK_MS).toISOString(),
      status: 'publish,future,draft',
      context: 'edit',
      per_page: '20',
    });
  });

  it('does not take another post with the same title made before `after`', async () => {
    const client = wordpressClient(sandbox.config());
    const creds = await approveWordPress(sandbox);
    const title = `Opening hours ${Date.now()}`;
    // Made an hour ago (WordPress takes date_gmt on create): the same words, but not ours.
    const old = await fetch(`${sandbox.origin()}/wp-json/wp/v2/posts`, {
      method: 'POST',
      headers: { authorization: basic(creds), 'content-type': 'application/json' },
      body: JSON.stringify({
        title,
        content: HTML,
        status: 'publish',
        date_gmt: new Date(Date.now() - 3600_000).toISOString().slice(0, 19),
      }),
    });
    expect(old.status).toBe(201);
    expect(await client.findPost(creds, { title, html: HTML }, new Date())).toBeUndefined();
  });

  it('after a 500 from a create that did happen, the lookup finds the one post', async () => {
    const client = wordpressClient(sandbox.config());
    const creds = await approveWordPress(sandbox);
    const title = `Unknown outcome ${Date.now()}`;
    const since = new Date();
    await failNext({ path: '/wp-json/wp/v2/posts', method: 'POST', failure: 'server-error', after: true });
    const error = (await client.publishPost(creds, { title, html: HTML }).catch((e: unknown) => e)) as PlatformError;
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ failure: 'unavailable', transient: true });
    const stored = await sitePosts(title);
    expect(stored).toHaveLength(1);
    expect(await client.findPost(creds, { title, html: HTML }, since)).toEqual({
      id: stored[0]!.id,
      link: stored[0]!.link,
    });
  });

  it('a timeout after the site stored the post is an outage too, and the lookup finds it', async () => {
    const client = wordpressClient(sandbox.config());
    const creds = await approveWordPress(sandbox);
    const title = `Timed out ${Date.now()}`;
    const since = new Date();
    await failNext({ path: '/wp-json/wp/v2/posts', method: 'POST', failure: 'timeout', delayMs: 3000, after: true });
    const error = (await client.publishPost(creds, { title, html: HTML }).catch((e: unknown) => e)) as PlatformError;
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ failure: 'unavailable', transient: true });
    expect(await client.findPost(creds, { title, html: HTML }, since)).toMatchObject({ id: expect.any(Number) });
  });

  it("a 429 is a rate limit with the site's Retry-After, and nothing was created", async () => {
    const client = wordpressClient(sandbox.config());
    const creds = await approveWordPress(sandbox);
    const title = `Rate limited ${Date.now()}`;
    await failNext({ path: '/wp-json/wp/v2/posts', failure: 'rate-limit', headers: { 'retry-after': '7' } });
    const error = (await client.publishPost(creds, { title, html: HTML }).catch((e: unknown) => e)) as PlatformError;
    expect(error).toMatchObject({ failure: 'rate-limited', transient: true, retryAfterSeconds: 7 });
    expect(await sitePosts(title)).toHaveLength(0);
  });

  it("answers the posts list's arguments as WordPress does (status, after, per_page)", async () => {
    const creds = await approveWordPress(sandbox);
    const title = `Drafted ${Date.now()}`;
    const headers = { authorization: basic(creds), 'content-type': 'application/json' };
    const draft = await fetch(`${sandbox.origin()}/wp-json/wp/v2/posts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title, content: HTML, status: 'draft' }),
    });
    expect(draft.status).toBe(201);
    const list = async (query: string) => {
      const res = await fetch(`${sandbox.origin()}/wp-json/wp/v2/posts?${query}`, { headers });
      return { status: res.status, body: (await res.json()) as { title: { raw?: string; rendered: string } }[] };
    };
    const search = `search=${encodeURIComponent(title)}`;
    expect((await list(search)).body).toHaveLength(0);
    const drafts = await list(`${search}&status=publish,draft&context=edit`);
    expect(drafts.body.map((p) => p.title.raw)).toEqual([title]);
    expect((await list(`${search}&status=draft`)).body[0]!.title.raw).toBeUndefined();
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await list(`${search}&status=draft&after=${encodeURIComponent(later)}`)).body).toHaveLength(0);
    expect((await list('per_page=101')).status).toBe(400);
    expect((await list('after=yesterday')).status).toBe(400);
  });
});
