import { beforeAll, describe, expect, it } from 'vitest';
import { customBlogSentence } from '../../functions/core/publishing/publish-steps';
import { signedInUser } from '../support/api-client';
import { connectWordPress, platformSandboxOrigin } from '../support/app-connect';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';
import { makePaid } from '../support/billing';
import { settled, type ApiPost } from './publishing-support';

beforeAll(() => {
  useSuiteRuntimeEnv();
});

const TITLE = 'Five ways our bakery keeps its sourdough starter alive through the coldest winter months';
const BODY =
  'Our starter is twelve years old.\n\nEvery morning we feed it rye flour & water at 26 °C, and <never> skip a day.';

async function publishBlog(client: Awaited<ReturnType<typeof signedInUser>>['client'], platform: string) {
  const res = await client.post<ApiPost[]>('/api/calendar', {
    platforms: [platform],
    subject: TITLE,
    content: BODY,
    action: 'publish',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return settled(client, res.body[0]!.id);
}

describe('publishing blog posts', () => {
  it('publishes a WordPress blog post to the connected site once, with its link', async () => {
    const { client } = await signedInUser('blog-wp');
    await makePaid(client);
    const site = await platformSandboxOrigin(client);
    await connectWordPress(client, `${site}/`);
    const post = await publishBlog(client, 'wordpress');
    expect(post, JSON.stringify(post)).toMatchObject({ status: 'published', error: null });
    expect(post.permalink).toMatch(new RegExp(`^${site}/\\?p=\\d+$`));
  });

  it('fails a WordPress post with the sentence to connect it when WordPress is not connected', async () => {
    const { client } = await signedInUser('blog-wp-none');
    await makePaid(client);
    const post = await publishBlog(client, 'wordpress');
    expect(post.status).toBe('failed');
    expect(post.error).toBe('WordPress is not connected. Connect it from the apps page.');
  });

  it('leaves a custom blog post to the clipboard: the server says it is published by hand', async () => {
    const { client } = await signedInUser('blog-custom');
    await makePaid(client);
    const post = await publishBlog(client, 'custom-blog');
    expect(post).toMatchObject({ status: 'failed', error: customBlogSentence });
  });
});
