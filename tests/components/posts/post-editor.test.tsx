import { postContracts } from '@shared/contracts/posts';
import { postSchema } from '@shared/schemas/calendar';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PostEditor } from '@/features/posts/components/post-editor';
import { failure, held, type FakeApi } from '../support/fake-api';
import { signedIn } from '../support/fixtures';
import { currentLocation, renderPage } from '../support/render';

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
/** The media picker is the media feature's slot; these tests attach no media. */
const NoPicker = () => null;
/** The header's main action; the actions menu repeats it. */
function schedule() {
  const [main] = screen.getAllByRole('button', { name: 'Schedule' });
  if (!main) throw new Error('no Schedule button');
  return main;
}
const COPY = 'Fresh sourdough every morning: come by the shop before nine and the first coffee is on us, all week.';

const created = postSchema.parse({
  id: 501,
  groupId: 501,
  subject: null,
  content: COPY,
  platform: 'facebook',
  status: 'draft',
  scheduledAt: null,
  publishedAt: null,
  createdAt: '2026-12-01T09:00:00.000Z',
  updatedAt: '2026-12-01T09:00:00.000Z',
  date: '2026-12-01T09:00:00.000Z',
  files: [],
  publish: false,
  error: null,
  version: 1,
  permalink: null,
});

const open = (kind: 'social' | 'blog', answers?: (api: FakeApi) => void) =>
  renderPage(<PostEditor kind={kind} zone="UTC" mediaPicker={NoPicker} />, {
    path: kind === 'blog' ? '/blog/create' : '/post/create',
    answers: (api) => {
      signedIn(api);
      answers?.(api);
    },
  });

async function paste(user: ReturnType<typeof open>['user'], label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

describe('the social post editor', () => {
  it("says 'Please select at least 1 platform' and sends nothing without a platform", async () => {
    const { user, api } = open('social');
    await user.click(schedule());
    expect(alerts()).toEqual(['Please select at least 1 platform']);
    expect(api.sent(postContracts.create)).toEqual([]);
  });

  it("refuses to schedule copy under 80 characters, or Instagram without media, in the spec's words", async () => {
    const { user, api } = open('social');
    await user.click(screen.getByRole('checkbox', { name: /Instagram/ }));
    await paste(user, 'Post copy', 'Too short.');
    await user.click(schedule());
    // The rules load with the first Schedule (the editor's first-load budget).
    await waitFor(() =>
      expect(alerts()).toEqual([
        'Post copy content must be at least 80 characters long.',
        'Minimum number of images/videos per post is 1. Please attach at least 1 image/video.',
      ]),
    );
    expect(api.sent(postContracts.create)).toEqual([]);
  });

  it('names the platforms a limit is about when several are chosen', async () => {
    const { user } = open('social');
    await user.click(screen.getByRole('checkbox', { name: /Facebook/ }));
    await user.click(screen.getByRole('checkbox', { name: /Threads/ }));
    await paste(user, 'Post copy', 'x'.repeat(501));
    await user.click(schedule());
    await waitFor(() =>
      expect(alerts()).toEqual(['Threads: Post copy content must be no longer than 500 characters.']),
    );
  });

  it('saves a draft with the copy and platforms, the actions held while it waits, then opens the post', async () => {
    const answer = held();
    const { user, api } = open('social', (api) =>
      api.on(postContracts.create, async () => {
        await answer.promise;
        return { status: 201, body: [created] };
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: /Facebook/ }));
    await paste(user, 'Post copy', COPY);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const [sent] = api.bodies(postContracts.create) as { scheduledAt: string }[];
    // A draft carries the picker's day and time too (today's, in the zone), so a later Schedule keeps them.
    expect(sent).toEqual({
      content: COPY,
      files: [],
      scheduledAt: sent?.scheduledAt,
      action: 'save',
      platforms: ['facebook'],
    });
    expect(Number.isNaN(Date.parse(sent?.scheduledAt ?? ''))).toBe(false);
    expect(schedule()).toHaveProperty('disabled', true);
    answer.release();
    expect(await currentLocation()).toBe('/post/501');
  });

  it("puts the server's field errors under the copy, and shows other refusals", async () => {
    const { user, api } = open('social', (api) =>
      api.on(
        postContracts.create,
        failure(422, 'Some fields are not valid.', [
          { path: 'content', message: 'Post copy content must be at least 80 characters long.' },
        ]),
      ),
    );
    await user.click(screen.getByRole('checkbox', { name: /Facebook/ }));
    await paste(user, 'Post copy', COPY);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Post copy content must be at least 80 characters long.',
    );
    api.on(postContracts.create, failure(500, 'Something broke on our side.'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something broke on our side.')).toBeTruthy();
  });
});

describe('the blog post editor', () => {
  it('says a title must be 80 to 300 characters before scheduling', async () => {
    const { user } = open('blog');
    await user.click(screen.getByRole('checkbox', { name: /WordPress/ }));
    await paste(user, 'Title', 'A short title');
    await paste(user, 'Content', COPY);
    await user.click(schedule());
    await waitFor(() => expect(alerts()).toEqual(['Blog title must be at least 80 characters long.']));
  });
});
