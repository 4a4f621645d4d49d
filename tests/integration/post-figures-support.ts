import { expect } from 'vitest';
import { posts, type PostItem } from '../../functions/core/posts/post-entity';
import { uniqueCopy } from './publishing-support';

/**
 * Published posts for the per-post figures' tests, made at a time the test chooses: on the
 * platform first (the stand-in keeps its time, which its engagement model ages), then stored as
 * the app stores a post it published. Writes the runtime's table in-process: TABLE_NAME and
 * DYNAMODB_ENDPOINT point at it.
 */

/** Stores a post as published by the app at `at`, with its id on the platform; answers its id. */
export async function storePublished(post: {
  companyId: number;
  platform: PostItem['platform'];
  externalId: string;
  permalink: string | null;
  at: Date;
  content: string;
}): Promise<number> {
  const id = 900_000_000 + Math.floor(Math.random() * 90_000_000);
  const iso = post.at.toISOString();
  await posts.put({
    id,
    companyId: post.companyId,
    groupId: id,
    siblingIds: [id],
    subject: null,
    content: post.content,
    platform: post.platform,
    status: 'published',
    scheduledAt: null,
    publishedAt: iso,
    createdAt: iso,
    updatedAt: iso,
    date: iso,
    files: [],
    publish: false,
    failure: null,
    externalId: post.externalId,
    permalink: post.permalink,
    leaseUntil: null,
    approval: null,
    firstComment: null,
    version: 1,
  });
  return id;
}

/** A LinkedIn post of `organization` made at `at` on the platform stand-in, and stored as the company's. */
export async function publishedOnLinkedIn(
  sandbox: string,
  post: { companyId: number; organization: string; at: Date; label: string },
): Promise<{ id: number; externalId: string }> {
  const text = uniqueCopy(post.label);
  const made = await fetch(`${sandbox}/__sandbox/posts`, {
    method: 'POST',
    body: JSON.stringify({ platform: 'linkedin', owner: post.organization, text, createdAt: post.at.toISOString() }),
  });
  expect(made.status).toBe(201);
  const { id: externalId, permalink } = (await made.json()) as { id: string; permalink: string };
  const id = await storePublished({
    companyId: post.companyId,
    platform: 'linkedin',
    externalId,
    permalink,
    at: post.at,
    content: text,
  });
  return { id, externalId };
}
