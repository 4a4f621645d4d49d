import { describe, expect, it } from 'vitest';
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
