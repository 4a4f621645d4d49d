import type { Post } from '@shared/schemas/calendar';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlatformPreview } from '@/features/calendar/components/platform-preview';

const post = (platform: Post['platform']): Post => ({
  id: 1,
  groupId: 1,
  subject: null,
  content: 'Spring menu launch: fresh asparagus, wild garlic and rhubarb tart, every evening from Friday.',
  platform,
  status: 'draft',
  scheduledAt: null,
  publishedAt: null,
  createdAt: '2026-03-05T09:00:00Z',
  updatedAt: '2026-03-05T09:00:00Z',
  date: '2026-03-05T09:00:00Z',
  files: [],
  publish: false,
  error: null,
  version: 1,
  permalink: null,
});

/** The labels of the preview's action bar, in order. */
function actionsOf(platform: Post['platform']): string[] {
  const html = renderToStaticMarkup(
    createElement(PlatformPreview, { post: post(platform), files: [], account: 'Harbourside', zone: 'UTC' }),
  );
  const bar = /<div class="preview-actions"[^>]*>(.*?)<\/div>/.exec(html)?.[1] ?? '';
  return [...bar.matchAll(/<\/svg>\s*([^<]+)<\/span>/g)].map((m) => m[1]!.trim());
}

describe('the post preview shows each feed its own action bar', () => {
  it("Threads: like, reply, repost, share (not Instagram's or Facebook's)", () => {
    expect(actionsOf('threads')).toEqual(['Like', 'Reply', 'Repost', 'Share']);
  });

  it('Facebook, LinkedIn and Instagram keep theirs', () => {
    expect(actionsOf('facebook')).toEqual(['Like', 'Comment', 'Share']);
    expect(actionsOf('linkedin')).toEqual(['Like', 'Comment', 'Repost']);
    expect(actionsOf('instagram')).toEqual(['Like', 'Comment', 'Share']);
  });
});
