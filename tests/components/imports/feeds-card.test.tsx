import { feedContracts } from '@shared/contracts/feeds';
import { feedMessages, feedSchema } from '@shared/schemas/feeds';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FeedsCard } from '@/features/bulk-import/components/feeds-card';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

const feed = feedSchema.parse({
  id: 'f1',
  url: 'https://rosa.example/feed.xml',
  title: 'Rosa Bakery blog',
  platforms: ['facebook', 'linkedin'],
  createdAt: '2026-12-01T09:00:00.000Z',
  lastPolledAt: null,
  lastStatus: null,
  lastMessage: null,
  lastNewItems: 0,
  nextPollAt: null,
});
const open = (answers?: (api: FakeApi) => void) =>
  renderPage(<FeedsCard />, {
    answers: (api) => {
      signedIn(api);
      api.on(feedContracts.list, ok([]));
      answers?.(api);
    },
  });
const addFeed = () => screen.getByRole('button', { name: 'Add feed' });

describe('the feeds card', () => {
  it("says 'No feeds yet' for a company without feeds", async () => {
    open();
    expect(await screen.findByText('No feeds yet')).toBeTruthy();
  });

  it('adds a feed with its address and the platforms ticked, holding Add feed, then follows it', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(feedContracts.add, async () => {
        await answer.promise;
        api.on(feedContracts.list, ok([feed]));
        return { status: 201 as const, body: feed };
      }),
    );
    await user.type(screen.getByLabelText('Feed address (RSS or Atom)'), 'https://rosa.example/feed.xml');
    await user.click(screen.getByLabelText('LinkedIn'));
    await user.click(screen.getByLabelText('Threads'));
    await user.click(addFeed());
    expect(api.bodies(feedContracts.add)).toEqual([
      { url: 'https://rosa.example/feed.xml', platforms: ['facebook', 'threads'] },
    ]);
    expect(addFeed()).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('Following Rosa Bakery blog.')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Feeds' });
    expect(within(list).getByText('Rosa Bakery blog')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Feed address (RSS or Atom)').value).toBe('');
  });

  it('sends nothing without an address or a platform, and says so under each', async () => {
    const { user, api } = open((api) => api.on(feedContracts.add, { status: 201 as const, body: feed }));
    await user.click(screen.getByLabelText('Facebook'));
    await user.click(screen.getByLabelText('LinkedIn'));
    await user.click(addFeed());
    expect(await screen.findByText(feedMessages.urlRequired)).toBeTruthy();
    expect(screen.getByText(feedMessages.platformsRequired)).toBeTruthy();
    expect(screen.getByText('Enter the address of an RSS or Atom feed.')).toBeTruthy();
    expect(screen.getByText('Please select at least 1 platform')).toBeTruthy();
    expect(api.sent(feedContracts.add)).toEqual([]);
  });

  it("puts the server's refusal under the address", async () => {
    const { user } = open((api) => api.on(feedContracts.add, failure(422, 'This address is not an RSS or Atom feed.')));
    await user.type(screen.getByLabelText('Feed address (RSS or Atom)'), 'https://rosa.example/');
    await user.click(addFeed());
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This address is not an RSS or Atom feed.');
  });

  it('asks before removing a feed', async () => {
    const { user, api } = open((api) =>
      api.on(feedContracts.list, ok([feed])).on(feedContracts.remove, { status: 204 as const, body: undefined }),
    );
    await user.click(await screen.findByRole('button', { name: 'Remove Rosa Bakery blog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop following Rosa Bakery blog?' });
    expect(api.sent(feedContracts.remove)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove feed' }));
    expect(api.sent(feedContracts.remove).map((r) => r.path)).toEqual(['/api/feeds/f1']);
  });
});
