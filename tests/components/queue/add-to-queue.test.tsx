import { queueContracts } from '@shared/contracts/queue';
import { messages } from '@shared/messages';
import type { Post } from '@shared/schemas/calendar';
import { queueMessages } from '@shared/schemas/queue';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AddToQueueButton } from '@/components/add-to-queue-button';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { draftPost } from '../support/fixtures';
import { renderPage } from '../support/render';

const post = (overrides: Partial<Post> = {}): Post => draftPost({ id: 701, groupId: 701, ...overrides });
const group = [
  post(),
  post({ id: 702, platform: 'linkedin' }),
  post({ id: 703, platform: 'instagram', status: 'published' }),
];
const open = (posts: Post[], answers?: (api: FakeApi) => void) =>
  renderPage(<AddToQueueButton posts={posts} />, { answers });
const button = () => screen.getByRole('button', { name: 'Add to queue' });

describe('Add to queue', () => {
  it('sends the group less what is already out, holds the button while it waits, then says where each went', async () => {
    const answer = held();
    const { user, api } = open(group, (api) =>
      api.on(queueContracts.add, async () => {
        await answer.promise;
        return ok([
          post({ status: 'scheduled', scheduledAt: '2026-12-03T09:00:00.000Z' }),
          post({ id: 702, platform: 'linkedin', status: 'scheduled', scheduledAt: '2026-12-03T12:00:00.000Z' }),
        ]);
      }),
    );
    await user.click(button());
    const [sent] = api.bodies(queueContracts.add) as { postIds: number[]; zone: string }[];
    expect(sent?.postIds).toEqual([701, 702]);
    expect(sent?.zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(button()).toHaveProperty('disabled', true);
    answer.release();
    const status = await screen.findByText(/^Queued:/);
    expect(status.textContent).toMatch(/Facebook \w{3} \d+ Dec, \d\d:\d\d · LinkedIn \w{3} \d+ Dec, \d\d:\d\d/);
    expect(screen.getByRole('link', { name: 'See the queue' }).getAttribute('href')).toBe('/queue');
  });

  it("shows the server's rule sentence, and a free plan gets the upgrade prompt instead", async () => {
    const { user, api } = open(group, (api) =>
      api.on(queueContracts.add, failure(422, queueMessages.noSlots('linkedin'))),
    );
    await user.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe(queueMessages.noSlots('linkedin'));
    api.on(queueContracts.add, failure(402, messages.upgradeRequired, undefined, 'UPGRADE_REQUIRED'));
    await user.click(button());
    expect(await screen.findByText(messages.upgradeRequired)).toBeTruthy();
    expect(screen.queryByText(queueMessages.noSlots('linkedin'))).toBeNull();
  });

  it('is not offered for posts already out or for a custom blog', () => {
    open([post({ status: 'published' }), post({ id: 704, platform: 'custom-blog' })]);
    expect(screen.queryByRole('button', { name: 'Add to queue' })).toBeNull();
  });
});
