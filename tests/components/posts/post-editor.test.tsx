import { postContracts } from '@shared/contracts/posts';
import { messages } from '@shared/messages';
import { calendarFormMessages, type Post } from '@shared/schemas/calendar';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PostEditor } from '@/features/posts/components/post-editor';
import { failure, held, type FakeApi } from '../support/fake-api';
import { draftPost, POST_COPY, signedIn } from '../support/fixtures';
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
const COPY = POST_COPY;

const created = draftPost();

const open = (kind: 'social' | 'blog', answers?: (api: FakeApi) => void) =>
  renderPage(<PostEditor kind={kind} zone="UTC" mediaPicker={NoPicker} />, {
    path: kind === 'blog' ? '/blog/create' : '/post/create',
    answers: (api) => {
      signedIn(api);
      answers?.(api);
    },
  });

/** An existing post's editor, at its own address. */
const edit = (post: Post, answers?: (api: FakeApi) => void) =>
  renderPage(<PostEditor kind="social" post={post} zone="UTC" mediaPicker={NoPicker} />, {
    path: `/post/${post.id}`,
    answers: (api) => {
      signedIn(api);
      answers?.(api);
    },
  });

/** The schedule picker's time, emptied as a browser's time input is when its value is cleared. */
const clearTime = () => fireEvent.change(screen.getByLabelText('Time'), { target: { value: '' } });
const focused = () => document.activeElement;

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

describe("the editor's checks", () => {
  it('focuses the platforms when none is chosen', async () => {
    const { user } = open('social');
    await user.click(schedule());
    expect(alerts()).toEqual([calendarFormMessages.platformsRequired]);
    expect(focused()).toBe(screen.getByRole('checkbox', { name: /Facebook/ }));
  });

  it('refuses to schedule without a day and time, focusing the time, and sends nothing', async () => {
    const { user, api } = open('social');
    await user.click(screen.getByRole('checkbox', { name: /Facebook/ }));
    await paste(user, 'Post copy', COPY);
    clearTime();
    await user.click(schedule());
    expect(alerts()).toEqual(['Choose the date and time to publish at.']);
    expect(focused()).toBe(screen.getByLabelText('Time'));
    expect(api.sent(postContracts.create)).toEqual([]);
  });

  it('saves a draft without a time: only Schedule needs one', async () => {
    const { user, api } = open('social', (api) => api.on(postContracts.create, { status: 201, body: [created] }));
    await user.click(screen.getByRole('checkbox', { name: /Facebook/ }));
    await paste(user, 'Post copy', COPY);
    clearTime();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await currentLocation()).toBe('/post/501');
    expect(api.bodies(postContracts.create)).toEqual([
      { content: COPY, files: [], action: 'save', platforms: ['facebook'] },
    ]);
  });

  it('shows every check that fails at once and focuses the first on the page', async () => {
    const { user, api } = open('social');
    clearTime();
    await user.click(schedule());
    expect(alerts()).toEqual([calendarFormMessages.platformsRequired, calendarFormMessages.scheduleNeedsTime]);
    expect(focused()).toBe(screen.getByRole('checkbox', { name: /Facebook/ }));
    expect(api.sent(postContracts.create)).toEqual([]);
  });

  it("focuses the copy when it breaks a platform's rules on Schedule", async () => {
    const { user, api } = open('social');
    await user.click(screen.getByRole('checkbox', { name: /Instagram/ }));
    await paste(user, 'Post copy', 'Too short.');
    await user.click(schedule());
    await waitFor(() => expect(focused()).toBe(screen.getByLabelText('Post copy')));
    expect(alerts()).toEqual([
      'Post copy content must be at least 80 characters long.',
      'Minimum number of images/videos per post is 1. Please attach at least 1 image/video.',
    ]);
    expect(api.sent(postContracts.create)).toEqual([]);
  });

  it('focuses Add media when only the media breaks the rules', async () => {
    const { user, api } = open('social');
    await user.click(screen.getByRole('checkbox', { name: /Instagram/ }));
    await paste(user, 'Post copy', COPY);
    await user.click(schedule());
    await waitFor(() =>
      expect(alerts()).toEqual([
        'Minimum number of images/videos per post is 1. Please attach at least 1 image/video.',
      ]),
    );
    expect(focused()).toBe(screen.getByRole('button', { name: 'Add media' }));
    expect(api.sent(postContracts.create)).toEqual([]);
  });

  it("saves a draft that breaks the platforms' rules", async () => {
    const { user, api } = open('social', (api) => api.on(postContracts.create, { status: 201, body: [created] }));
    await user.click(screen.getByRole('checkbox', { name: /Instagram/ }));
    await paste(user, 'Post copy', 'Too short.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await currentLocation()).toBe('/post/501');
    expect(api.bodies(postContracts.create)).toMatchObject([{ content: 'Too short.', platforms: ['instagram'] }]);
  });

  it("focuses a blog's title when it is too short to schedule", async () => {
    const { user, api } = open('blog');
    // A custom blog: WordPress would fetch the site's categories and tags, which this test has no use for.
    await user.click(screen.getByRole('checkbox', { name: /Custom blog/ }));
    await paste(user, 'Title', 'A short title');
    await paste(user, 'Content', COPY);
    await user.click(schedule());
    await waitFor(() => expect(focused()).toBe(screen.getByLabelText('Title')));
    expect(api.sent(postContracts.create)).toEqual([]);
  });

  it('offers a custom blog post to copy on Publish Now, and sends nothing', async () => {
    const { user, api } = open('blog');
    await user.click(screen.getByRole('checkbox', { name: /Custom blog/ }));
    await paste(user, 'Title', 'A short title');
    await paste(user, 'Content', COPY);
    await user.click(screen.getByLabelText('More actions'));
    await user.click(screen.getByRole('button', { name: 'Publish Now' }));
    expect(await screen.findByRole('dialog', { name: 'Publish this post on your blog' })).toBeTruthy();
    expect(alerts()).toEqual([]);
    expect(api.sent(postContracts.create)).toEqual([]);
  });
});

describe('editing a post', () => {
  it('refuses to schedule it without a time, and sends nothing', async () => {
    const { user, api } = edit(created);
    clearTime();
    await user.click(schedule());
    expect(alerts()).toEqual([calendarFormMessages.scheduleNeedsTime]);
    expect(focused()).toBe(screen.getByLabelText('Time'));
    expect(api.sent(postContracts.update)).toEqual([]);
  });

  it("puts the server's 422 on the schedule under the picker and focuses the time", async () => {
    const { user, api } = edit(created, (api) =>
      api.on(
        postContracts.update,
        failure(422, 'Some fields are not valid.', [{ path: 'scheduledAt', message: 'Choose a time in the future.' }]),
      ),
    );
    await user.click(schedule());
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a time in the future.');
    expect(focused()).toBe(screen.getByLabelText('Time'));
    expect(api.bodies(postContracts.update)).toMatchObject([{ action: 'schedule', version: 1, content: COPY }]);
  });

  it('opens the upgrade prompt on a 402, with no message of its own', async () => {
    const { user } = edit(created, (api) =>
      api.on(postContracts.update, failure(402, messages.upgradeRequired, undefined, 'UPGRADE_REQUIRED')),
    );
    await user.click(schedule());
    expect(await screen.findByText(messages.upgradeRequired)).toBeTruthy();
    expect(alerts()).toEqual([]);
  });
});
