import { calendarGenerateContracts } from '@shared/contracts/calendar-generate';
import { lrpContracts } from '@shared/contracts/lrp';
import { postContracts } from '@shared/contracts/posts';
import type { Post } from '@shared/schemas/calendar';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import GenerateDialog from '@/features/calendar/components/generate-dialog';
import PostPreviewDialog from '@/features/calendar/components/post-preview-dialog';
import { PostTable } from '@/features/calendar/components/post-table';
import { dayLabel, todayIn } from '@/features/calendar/generate-days';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { draftPost, signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const post = (overrides: Partial<Post> = {}): Post =>
  draftPost({
    status: 'scheduled',
    scheduledAt: '2030-01-10T09:00:00.000Z',
    date: '2030-01-10T09:00:00.000Z',
    version: 3,
    ...overrides,
  });
/** A day of the picker, by the name it is read out with. */
const day = (value: string) =>
  screen.getByRole('button', {
    name: dayLabel(value, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
  });

describe('the calendar Generate... dialog', () => {
  const open = (kind: 'social' | 'blog', answers?: (api: FakeApi) => void) =>
    renderPage(<GenerateDialog kind={kind} zone="UTC" onClose={() => undefined} />, {
      answers: (api) => {
        signedIn(api);
        answers?.(api);
      },
    });
  const generate = () => screen.getByRole('button', { name: 'Generate' });

  it("holds Generate while invalid, saying 'Please select at least 1 platform'; a range of one click still holds it", async () => {
    const { user, api } = open('social');
    expect(generate()).toHaveProperty('disabled', true);
    // Nothing is said on a form only just opened.
    expect(screen.queryByText('Please select at least 1 platform')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Facebook/ }));
    await user.click(screen.getByRole('checkbox', { name: /Facebook/ }));
    expect(screen.getByText('Please select at least 1 platform')).toBeTruthy();
    await user.click(day(todayIn('UTC')));
    await user.click(screen.getByLabelText('Special instructions (optional)'));
    expect(screen.queryByText(/Please select date range/)).toBeNull();
    expect(generate()).toHaveProperty('disabled', true);
    expect(api.sent(calendarGenerateContracts.generate)).toEqual([]);
  });

  it("says 'Please select date range' once the dates were left without a day", async () => {
    const { user } = open('social');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByLabelText('Special instructions (optional)'));
    expect(screen.getByText(/Please select date range/)).toBeTruthy();
    expect(generate()).toHaveProperty('disabled', true);
  });

  it('sends the platforms, the days, the zone and trimmed notes; the form gives way to the progress, then the drafts', async () => {
    const today = todayIn('UTC');
    const answer = held();
    const { user, api } = open('social', (api) => {
      api.on(calendarGenerateContracts.generate, async () => {
        await answer.promise;
        return { status: 202 as const, body: { status: 'running' as const, uuid: 'job-1' } };
      });
      api.on(lrpContracts.poll, ok({ created: 2, ids: [1, 2], days: [today] }));
    });
    await user.click(screen.getByRole('checkbox', { name: /Instagram/ }));
    await user.click(screen.getByRole('checkbox', { name: /LinkedIn/ }));
    await user.click(day(today));
    await user.click(day(today));
    await user.type(screen.getByLabelText('Special instructions (optional)'), '  Mention the new hours  ');
    await user.click(generate());
    expect(api.bodies(calendarGenerateContracts.generate)).toEqual([
      {
        platform: ['instagram', 'linkedin'],
        from: today,
        to: today,
        zone: 'UTC',
        specialInstructions: 'Mention the new hours',
      },
    ]);
    expect(await screen.findByText(/Generating your posts\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
    answer.release();
    expect(await screen.findByText(/2 drafts added to your calendar/, { selector: 'p' })).toBeTruthy();
  });

  it('offers only the blogs for blog posts, and shows a refusal in the dialog', async () => {
    const today = todayIn('UTC');
    const { user, api } = open('blog', (api) =>
      api.on(
        calendarGenerateContracts.generateBlog,
        failure(409, 'Finish onboarding first: the AI writes from your marketing plan.'),
      ),
    );
    expect(screen.queryByRole('checkbox', { name: /Facebook/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /WordPress/ }));
    await user.click(day(today));
    await user.click(day(today));
    await user.click(generate());
    expect(api.bodies(calendarGenerateContracts.generateBlog)).toEqual([
      { platform: ['wordpress'], from: today, to: today, zone: 'UTC' },
    ]);
    expect(await screen.findByText('Finish onboarding first: the AI writes from your marketing plan.')).toBeTruthy();
    expect(generate()).toBeTruthy();
  });
});

describe("the post preview's move form", () => {
  const open = (shown: Post, answers?: (api: FakeApi) => void) =>
    renderPage(<PostPreviewDialog post={shown} zone="UTC" onClose={() => undefined} />, {
      answers: (api) => {
        signedIn(api);
        api.on(postContracts.withSiblings, ok({ post: shown, siblings: [] }));
        answers?.(api);
      },
    });
  const move = () => screen.getByRole('button', { name: 'Move' });

  it("says 'Choose the date and time to publish at.' for a missing day or time, and sends nothing", async () => {
    const { user, api } = open(post());
    await user.clear(await screen.findByLabelText('Move to day'));
    await user.click(move());
    expect(alerts()).toEqual(['Choose the date and time to publish at.']);
    await user.type(screen.getByLabelText('Move to day'), '2030-01-15');
    await user.clear(screen.getByLabelText('Time'));
    await user.click(move());
    expect(alerts()).toEqual(['Choose the date and time to publish at.']);
    expect(api.sent(postContracts.update)).toEqual([]);
  });

  it('schedules a scheduled post again at the new day and time with the version shown, holding Move', async () => {
    const answer = held();
    const { user, api } = open(post(), (api) =>
      api.on(postContracts.update, async () => {
        await answer.promise;
        return failure(409, 'This post was changed elsewhere. Reload it and try again.');
      }),
    );
    const dayInput = await screen.findByLabelText<HTMLInputElement>('Move to day');
    expect(dayInput.value).toBe('2030-01-10');
    await user.clear(dayInput);
    await user.type(dayInput, '2030-01-15');
    await user.clear(screen.getByLabelText('Time'));
    await user.type(screen.getByLabelText('Time'), '10:30');
    await user.click(move());
    expect(api.bodies(postContracts.update)).toEqual([
      { scheduledAt: '2030-01-15T10:30:00.000Z', action: 'schedule', version: 3 },
    ]);
    expect(move()).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('This post was changed elsewhere. Reload it and try again.')).toBeTruthy();
  });

  it('keeps a draft a draft when it moves, and leaves a published post where it is', async () => {
    const { user, api } = open(post({ status: 'draft', scheduledAt: null }), (api) =>
      api.on(postContracts.update, ok(post({ status: 'draft', scheduledAt: null }))),
    );
    await user.clear(await screen.findByLabelText('Time'));
    await user.type(screen.getByLabelText('Time'), '08:15');
    await user.click(move());
    expect(api.bodies(postContracts.update)).toEqual([
      { scheduledAt: '2030-01-10T08:15:00.000Z', action: 'save', version: 3 },
    ]);
    expect(await screen.findByText('Post moved.')).toBeTruthy();
  });

  it('offers no move for a published post', async () => {
    open(post({ status: 'published', publishedAt: '2030-01-10T09:00:00.000Z' }));
    expect(await screen.findByText('A published post, or one being published, stays where it is.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move' })).toBeNull();
  });
});

describe('the calendar list view', () => {
  it("says 'No posts created yet.' when the month has none", () => {
    renderPage(<PostTable posts={[]} zone="UTC" />, { answers: signedIn });
    expect(screen.getByText('No posts created yet.')).toBeTruthy();
  });

  it('lists Date, Content, Platform and Status in upper case, with the red note of a failed post', () => {
    renderPage(
      <PostTable
        posts={[post(), post({ id: 502, status: 'failed', platform: 'linkedin', error: 'LinkedIn refused the post.' })]}
        zone="UTC"
      />,
      { answers: signedIn },
    );
    const [head, ...rows] = screen.getAllByRole('row');
    expect(
      within(head as HTMLElement)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Content', 'Platform', 'Status']);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual(['SCHEDULED', 'FAILED']);
    expect(within(rows[1] as HTMLElement).getByText('LinkedIn refused the post.')).toBeTruthy();
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/post/501');
  });
});
