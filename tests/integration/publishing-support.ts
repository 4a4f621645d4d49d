import { expect } from 'vitest';
import type { TestClient } from '../support/api-client';
import { connectPlatform, type SocialPlatform } from '../support/platform-connect';

export interface SandboxPost {
  platform: string;
  owner: string;
  id: string;
  text: string;
  media: string[];
  permalink: string;
}

/** What the sandbox platforms published with this text (the truth a duplicate would show in). */
export async function sandboxPosts(sandboxOrigin: string, text: string): Promise<SandboxPost[]> {
  const res = await fetch(`${sandboxOrigin}/__sandbox/posts`);
  const { posts } = (await res.json()) as { posts: SandboxPost[] };
  return posts.filter((p) => p.text === text);
}

/** Makes the sandbox fail the next call under `path` (optionally after carrying it out). */
export async function failNext(sandboxOrigin: string, spec: Record<string, unknown> & { path: string }) {
  const res = await fetch(`${sandboxOrigin}/__sandbox/fail-next`, { method: 'POST', body: JSON.stringify(spec) });
  expect(res.status).toBe(204);
}

/**
 * Connects a platform and chooses the page or profile at `index` of its list (Threads posts as
 * the account). `name` is the account typed on the consent page: a file that asks the sandbox
 * to fail a call for its account only (fail-next's `account`) gives a name of its own.
 */
export async function connectWithProfile(
  client: TestClient,
  platform: SocialPlatform,
  index = 0,
  name = 'Pat Publisher',
) {
  const { sandboxOrigin } = await connectPlatform(client, platform, { name });
  if (platform !== 'threads') {
    const profiles = (await client.get<{ id: string }[]>(`/api/integrations/${platform}/profiles`)).body;
    const chosen = profiles[index];
    expect(chosen, `${platform} profile ${index}`).toBeDefined();
    expect((await client.post(`/api/integrations/${platform}/profile`, { id: chosen!.id })).status).toBe(200);
  }
  return sandboxOrigin;
}

/** Copy unique to one test, long enough for every platform's rule. */
export const uniqueCopy = (label: string) =>
  `${label}: our spring menu arrives on Friday with asparagus, wild garlic and rhubarb tart. Book a table today! #${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface ApiPost {
  id: number;
  status: string;
  error: string | null;
  permalink: string | null;
  publishedAt: string | null;
  version: number;
}

export async function getPost(client: TestClient, id: number): Promise<ApiPost> {
  const res = await client.get<{ post: ApiPost }>(`/api/calendar/${id}/with-siblings`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.post;
}

/** Waits until the post leaves scheduled / in-progress (the workflow runs in the runtime). */
export async function settled(client: TestClient, id: number, timeoutMs = 45_000): Promise<ApiPost> {
  const deadline = Date.now() + timeoutMs;
  let post = await getPost(client, id);
  while (Date.now() < deadline) {
    post = await getPost(client, id);
    if (post.status === 'published' || post.status === 'failed') return post;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`post ${id} never settled: ${JSON.stringify(post)}`);
}

export async function publishNow(
  client: TestClient,
  platform: string,
  content: string,
  files: number[] = [],
): Promise<number> {
  const res = await client.post<ApiPost[]>('/api/calendar', {
    platforms: [platform],
    content,
    files,
    action: 'publish',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body[0]!.id;
}
