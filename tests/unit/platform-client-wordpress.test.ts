import { describe, expect, it } from 'vitest';
import { advanceClock } from '../../functions/core/clock';
import { PlatformError } from '../../functions/core/integrations/platform-error';
import { wordpressClient } from '../../functions/core/integrations/wordpress-client';
import { FetchRefusedError } from '../../functions/core/net';
import { approveWordPress, failNext, useSandboxPlatforms } from '../support/platform-sandbox';

/** A 1×1 PNG: what a blog post's featured image upload carries. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The WordPress client against the sandbox site: discovery, the authorize page, users/me, media and posts. */
describe('WordPress client', () => {
  const sandbox = useSandboxPlatforms();

  it('discovers the site and its authorize-application page from the REST index', async () => {
    const site = await wordpressClient(sandbox.config()).discover(sandbox.origin());
    expect(site).toEqual({
      url: sandbox.origin(),
      name: 'Sandbox Blog',
      apiRoot: `${sandbox.origin()}/wp-json/`,
      authorizeUrl: `${sandbox.origin()}/wp-admin/authorize-application.php`,
    });
  });

  it('signs in with the application password and publishes a post with its featured image', async () => {
    const client = wordpressClient(sandbox.config());
    const creds = await approveWordPress(sandbox, 'editor');
    expect(creds.password).toHaveLength(24);
    expect(await client.me(creds)).toEqual({ id: expect.any(Number), name: 'editor' });

    const post = await client.publishPost(creds, {
      title: 'Spring opening hours',
      html: '<p>We open at <strong>8</strong> from Monday.</p>',
      media: [{ filename: 'shop "front".png', contentType: 'image/png', bytes: PNG }],
    });
    const stored = (await (
      await fetch(`${sandbox.origin()}/wp-json/wp/v2/posts/${post.id}`, {
        headers: {
          authorization: `Basic ${Buffer.from(`editor:${creds.password}`).toString('base64')}`,
        },
      })
    ).json()) as { status: string; featured_media: number; link: string; title: { raw: string } };
    expect(post.link).toBe(stored.link);
    expect(stored).toMatchObject({ status: 'publish', title: { raw: 'Spring opening hours' } });
    expect(stored.featured_media).toBeGreaterThan(0);
  });

  it("maps WordPress's errors: a revoked password, a refused permission, an outage, a refused upload", async () => {
    const client = wordpressClient(sandbox.config());
    const creds = await approveWordPress(sandbox);

    await failNext(sandbox.origin(), {
      path: '/wp-json/wp/v2/posts',
      status: 403,
      body: {
        code: 'rest_cannot_create',
        message: 'Sorry, you are not allowed to create posts as this user.',
        data: { status: 403 },
      },
    });
    const denied = (await client
      .publishPost(creds, { title: 't', html: 'x' })
      .catch((e: unknown) => e)) as PlatformError;
    expect(denied).toBeInstanceOf(PlatformError);
    expect(denied.failure).toBe('permission');
    expect(denied.message).toBe(
      `The WordPress user admin may no longer publish posts on ${sandbox.origin()} (their role was changed). Reconnect WordPress with an Author, Editor or Administrator account.`,
    );

    await failNext(sandbox.origin(), { path: '/wp-json/wp/v2/posts', status: 503, body: { code: 'unavailable' } });
    const down = (await client.publishPost(creds, { title: 't', html: 'x' }).catch((e: unknown) => e)) as PlatformError;
    expect(down.failure).toBe('unavailable');
    expect(down.message).toBe('WordPress is not answering right now. Please try again in a few minutes.');

    const upload = (await client
      .publishPost(creds, {
        title: 't',
        html: 'x',
        media: [{ filename: 'a.txt', contentType: 'text/plain', bytes: PNG }],
      })
      .catch((e: unknown) => e)) as PlatformError;
    expect(upload.failure).toBe('rejected');
    expect(upload.message).toBe(
      `${sandbox.origin()} refused the file: Sorry, you are not allowed to upload this file type.`,
    );

    // The user revokes the password from their WordPress profile.
    await fetch(`${sandbox.origin()}/__sandbox/wordpress/revoke`, { method: 'POST' });
    const revoked = (await client
      .createPost(creds, { title: 't', html: 'x' })
      .catch((e: unknown) => e)) as PlatformError;
    expect(revoked.failure).toBe('expired');
    expect(revoked.code).toBe('PLATFORM_RECONNECT');
    expect(revoked.message).toBe(
      `${sandbox.origin()} no longer accepts our application password for admin: it was revoked, or the user was removed. Reconnect WordPress from the apps page.`,
    );
  });

  it("counts a post's approved comments from X-WP-Total: the readers', and one left through the API, not a held one", async () => {
    const client = wordpressClient(sandbox.config());
    const creds = await approveWordPress(sandbox, 'editor');
    const post = await client.createPost(creds, { title: 'Comments please', html: '<p>Tell us.</p>' });
    const site = (path: string, init: RequestInit = {}, login: typeof creds | null = creds) =>
      fetch(`${sandbox.origin()}/wp-json/wp/v2${path}`, {
        ...init,
        headers: {
          ...(login
            ? { authorization: `Basic ${Buffer.from(`${login.userLogin}:${login.password}`).toString('base64')}` }
            : {}),
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
      });
    // What a visitor sees of the post's comments: the site's own count, which the client must read.
    const visible = async () => {
      const res = await site(`/comments?post=${post.id}&per_page=100`, {}, null);
      expect(res.status).toBe(200);
      const list = (await res.json()) as { id: number; status: string }[];
      expect(list.every((c) => c.status === 'approved')).toBe(true);
      expect(res.headers.get('x-wp-total')).toBe(String(list.length));
      expect(res.headers.get('x-wp-totalpages')).toBe(list.length ? '1' : '0');
      return list.length;
    };
    const before = await client.approvedComments(creds, String(post.id));
    expect(before).toBe(await visible());

    const left = await site('/comments', {
      method: 'POST',
      body: JSON.stringify({ post: post.id, content: 'Lovely.' }),
    });
    expect(left.status).toBe(201);
    expect(await left.json()).toMatchObject({ post: post.id, status: 'approved', content: { raw: 'Lovely.' } });
    const held = await site('/comments', {
      method: 'POST',
      body: JSON.stringify({ post: post.id, content: 'Later.', status: 'hold' }),
    });
    expect(held.status).toBe(201);
    expect(await client.approvedComments(creds, String(post.id))).toBe(before + 1);
    expect(await visible()).toBe(before + 1);
    // A post the site does not have: no comments, as WordPress answers it.
    expect(await client.approvedComments(creds, '987654321')).toBe(0);

    // WordPress's refusals: a post id that is no integer, and a visitor asking for held comments.
    const bad = await site('/comments?post=abc&per_page=1');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): post',
      data: {
        status: 400,
        params: { post: 'post[0] is not of type integer.' },
        details: {
          post: { code: 'rest_invalid_type', message: 'post[0] is not of type integer.', data: { param: 'post[0]' } },
        },
      },
    });
    const hidden = await site(`/comments?post=${post.id}&status=hold`, {}, null);
    expect(hidden.status).toBe(401);
    expect(await hidden.json()).toMatchObject({
      code: 'rest_forbidden_param',
      message: 'Query parameter not permitted: status',
    });
    const moderated = await site(`/comments?post=${post.id}&status=hold&_fields=id,status`);
    expect(await moderated.json()).toEqual([{ id: expect.any(Number), status: 'hold' }]);
  });

  it("has readers comment on the stand-in's published posts as days pass, never fewer", async () => {
    const client = wordpressClient(sandbox.config());
    const creds = await approveWordPress(sandbox, 'editor');
    const made = await Promise.all(
      Array.from({ length: 30 }, (_, n) => client.createPost(creds, { title: `Week ${n}`, html: '<p>News.</p>' })),
    );
    const counts = () => Promise.all(made.map((p) => client.approvedComments(creds, String(p.id))));
    const first = await counts();
    // The runtime's dev clock moves five days on (the stand-in ages its posts by it).
    process.env.RUNTIME = 'local';
    advanceClock(5 * 86_400_000);
    const later = await counts();
    expect(later.every((count, i) => count >= first[i]!)).toBe(true);
    expect(later.reduce((a, b) => a + b)).toBeGreaterThan(first.reduce((a, b) => a + b));
  });

  it('refuses a site the safe fetcher does not allow, and a site that is not WordPress', async () => {
    const client = wordpressClient(sandbox.config());
    await expect(client.discover('http://169.254.169.254')).rejects.toBeInstanceOf(FetchRefusedError);
    await expect(client.discover('http://127.0.0.1:1')).rejects.toBeInstanceOf(FetchRefusedError);
    await failNext(sandbox.origin(), { path: '/wp-json', status: 404, body: { code: 'rest_no_route' } });
    await expect(client.discover(sandbox.origin())).rejects.toMatchObject({
      message: `We could not find a WordPress site at ${sandbox.origin()}. Check the address, and that the site's REST API is on.`,
    });
  });
});
