import { beforeAll, describe, expect, it } from 'vitest';
import { firstCommentMessages } from '@shared/first-comment-rules';
import { calendarMessages } from '@shared/schemas/calendar';
import { signedInUser, type TestClient } from '../support/api-client';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';
import { uploadImage } from './calendar-support';
import { makePaid } from '../support/billing';
import { API_VERSIONS } from '../../functions/core/platform-config';
import { askedScopes } from '../../functions/core/integrations/platform-scopes';
import { SANDBOX_CLIENTS } from '../../infra/local/sandbox/oauth-sandbox';
import { connectWithProfile, failNext, sandboxPosts, settled, uniqueCopy, type ApiPost } from './publishing-support';

beforeAll(() => {
  useSuiteRuntimeEnv();
});

interface FirstComment {
  text: string | null;
  status: string | null;
  error: string | null;
  postedAt: string | null;
  supported: boolean;
  version: number;
}

interface SandboxComment {
  platform: string;
  postId: string;
  actor: string;
  text: string;
}

async function sandboxComments(sandbox: string, text: string): Promise<SandboxComment[]> {
  const { comments } = (await (await fetch(`${sandbox}/__sandbox/comments`)).json()) as { comments: SandboxComment[] };
  return comments.filter((c) => c.text === text);
}

const uniqueComment = (label: string) =>
  `${label}: first comment with the link and #hashtags ${Math.random().toString(36).slice(2, 10)}`;

async function draftWithComment(
  client: TestClient,
  platform: string,
  content: string,
  comment: string,
  files: number[] = [],
) {
  const created = await client.post<ApiPost[]>('/api/calendar', {
    platforms: [platform],
    content,
    files,
    action: 'save',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const post = created.body[0]!;
  const saved = await client.put<FirstComment>(`/api/calendar/${post.id}/first-comment`, {
    text: comment,
    version: post.version,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body).toMatchObject({ text: comment, status: 'pending', supported: true });
  return { id: post.id, version: saved.body.version };
}

async function publishNowAt(client: TestClient, id: number, version: number) {
  const res = await client.patch(`/api/calendar/${id}`, { action: 'publish', version });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Waits for the first comment's own outcome (posted or failed), after the post's. */
async function commentSettled(client: TestClient, id: number, timeoutMs = 45_000): Promise<FirstComment> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const comment = (await client.get<FirstComment>(`/api/calendar/${id}/first-comment`)).body;
    if (comment.status === 'posted' || comment.status === 'failed') return comment;
    if (Date.now() > deadline) throw new Error(`first comment of ${id} never settled: ${JSON.stringify(comment)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('first comment', () => {
  let client: TestClient;
  let sandbox: string;

  beforeAll(async () => {
    ({ client } = await signedInUser('first-comment'));
    await makePaid(client);
    sandbox = await connectWithProfile(client, 'facebook', 0);
    await connectWithProfile(client, 'instagram', 0);
    await connectWithProfile(client, 'linkedin', 0);
    await connectWithProfile(client, 'threads');
  }, 60_000);

  it('is posted once under the post on Facebook, Instagram and LinkedIn, after the post, by the same workflow', async () => {
    const image = await uploadImage(client, 'comment.png');
    for (const platform of ['facebook', 'instagram', 'linkedin']) {
      const copy = uniqueCopy(`comment ${platform}`);
      const comment = uniqueComment(platform);
      const { id, version } = await draftWithComment(
        client,
        platform,
        copy,
        comment,
        platform === 'instagram' ? [image] : [],
      );
      await publishNowAt(client, id, version);
      expect((await settled(client, id)).status).toBe('published');
      const outcome = await commentSettled(client, id);
      expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 'posted', error: null });
      const [post] = await sandboxPosts(sandbox, copy);
      const comments = await sandboxComments(sandbox, comment);
      expect(comments).toHaveLength(1);
      expect(comments[0]).toMatchObject({ platform, postId: post!.id, actor: post!.owner });
    }
  });

  it('that fails leaves the post published and says so in its own sentence', async () => {
    const copy = uniqueCopy('comment refused');
    const comment = uniqueComment('refused');
    const { id, version } = await draftWithComment(client, 'facebook', copy, comment);
    await failNext(sandbox, {
      path: '/graph',
      // The form body spells spaces and colons encoded: match the comment's random last word.
      bodyIncludes: comment.split(' ').pop(),
      status: 400,
      body: { error: { message: '(#100) The comment contains a blocked link', type: 'OAuthException', code: 100 } },
    });
    await publishNowAt(client, id, version);
    const post = await settled(client, id);
    expect(post).toMatchObject({ status: 'published', error: null });
    const outcome = await commentSettled(client, id);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/^The post is published on Facebook, but its first comment was not posted: /);
    expect(await sandboxComments(sandbox, comment)).toHaveLength(0);
    expect(await sandboxPosts(sandbox, copy)).toHaveLength(1);
  });

  it('is never posted twice when the platform made it but the answer was lost', async () => {
    const copy = uniqueCopy('comment lost answer');
    const comment = uniqueComment('lost');
    const { id, version } = await draftWithComment(client, 'linkedin', copy, comment);
    // LinkedIn makes the comment, then answers 500: the next attempt reads the post's comments first.
    await failNext(sandbox, {
      path: '/linkedin-api/rest/socialActions',
      bodyIncludes: comment,
      failure: 'server-error',
      after: true,
    });
    await publishNowAt(client, id, version);
    expect((await settled(client, id)).status).toBe('published');
    const outcome = await commentSettled(client, id, 60_000);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 'posted' });
    expect(await sandboxComments(sandbox, comment)).toHaveLength(1);
  });

  it('on LinkedIn, a comment with reserved characters is posted as written', async () => {
    const copy = uniqueCopy('comment reserved');
    const comment = `${uniqueComment('reserved')} (see [the menu] at <our site> @team *now* _today_ ~ | \\ {x})`;
    const { id, version } = await draftWithComment(client, 'linkedin', copy, comment);
    await publishNowAt(client, id, version);
    expect((await settled(client, id)).status).toBe('published');
    expect(await commentSettled(client, id)).toMatchObject({ status: 'posted', error: null });
    expect(await sandboxComments(sandbox, comment)).toHaveLength(1);
  });

  it('the Instagram stand-in refuses a comment from a token without instagram_manage_comments', async () => {
    // A consent that granted everything but the comment scope, exchanged as Meta's token endpoint answers.
    const { clientId, clientSecret } = SANDBOX_CLIENTS.facebook;
    const redirectUri = `${client.baseUrl}/api/integrations/instagram/callback`;
    const form = new URLSearchParams({ name: 'No Comments', decision: 'allow', client_id: clientId, state: 's' });
    form.set('redirect_uri', redirectUri);
    form.set(
      'scope',
      askedScopes('instagram')
        .filter((s) => s !== 'instagram_manage_comments')
        .join(','),
    );
    const approve = await fetch(`${sandbox}/__sandbox/approve/facebook`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const graph = `${sandbox}/graph/${API_VERSIONS.graph.version}`;
    const exchange = new URL(`${graph}/oauth/access_token`);
    exchange.searchParams.set('client_id', clientId);
    exchange.searchParams.set('client_secret', clientSecret);
    exchange.searchParams.set('redirect_uri', redirectUri);
    exchange.searchParams.set('code', new URL(approve.headers.get('location')!).searchParams.get('code') ?? '');
    const { access_token: token } = (await (await fetch(exchange)).json()) as { access_token: string };
    const call = async (path: string, fields: Record<string, string>) => {
      const res = await fetch(`${graph}/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: new URLSearchParams(fields),
      });
      return {
        status: res.status,
        body: (await res.json()) as { id?: string; error?: { code: number; message: string } },
      };
    };
    // Publishing needs no comment scope: the media is made.
    const container = await call('17841400000001/media', {
      image_url: 'https://cdn.example/a.jpg',
      caption: uniqueCopy('no comment scope'),
    });
    const media = await call('17841400000001/media_publish', { creation_id: container.body.id ?? '' });
    expect(media.status).toBe(200);
    const refused = await call(`${media.body.id}/comments`, { message: 'A first comment' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 200,
      message: '(#200) Requires instagram_manage_comments permission',
    });
  });

  it("checks the platform's limit, refuses other platforms, and is locked with the post once published", async () => {
    const threads = (
      await client.post<ApiPost[]>('/api/calendar', {
        platforms: ['threads'],
        content: uniqueCopy('t'),
        action: 'save',
      })
    ).body[0]!;
    const refused = await client.put(`/api/calendar/${threads.id}/first-comment`, {
      text: 'Hi',
      version: threads.version,
    });
    expect(refused).toMatchObject({ status: 422, body: { message: firstCommentMessages.notSupported } });
    expect((await client.get<FirstComment>(`/api/calendar/${threads.id}/first-comment`)).body.supported).toBe(false);

    const linkedin = (
      await client.post<ApiPost[]>('/api/calendar', {
        platforms: ['linkedin'],
        content: uniqueCopy('l'),
        action: 'save',
      })
    ).body[0]!;
    const long = await client.put(`/api/calendar/${linkedin.id}/first-comment`, {
      text: 'x'.repeat(1251),
      version: linkedin.version,
    });
    expect(long).toMatchObject({ status: 422, body: { message: firstCommentMessages.tooLong(1250) } });
    const stale = await client.put(`/api/calendar/${linkedin.id}/first-comment`, {
      text: 'Hi',
      version: linkedin.version + 5,
    });
    expect(stale.status).toBe(409);

    const copy = uniqueCopy('comment locked');
    const { id, version } = await draftWithComment(client, 'facebook', copy, uniqueComment('locked'));
    await publishNowAt(client, id, version);
    const published = await settled(client, id);
    await commentSettled(client, id);
    const locked = await client.put(`/api/calendar/${id}/first-comment`, {
      text: 'Another',
      version: published.version + 1,
    });
    expect(locked).toMatchObject({ status: 409, body: { message: calendarMessages.publishedLocked } });
  });
});
