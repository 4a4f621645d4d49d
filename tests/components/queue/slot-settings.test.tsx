import { postAnalyticsContracts } from '@shared/contracts/post-analytics';
import { queueContracts } from '@shared/contracts/queue';
import { defaultQueueSettings } from '@shared/queue-slots';
import { queueMessages, type QueueSettings } from '@shared/schemas/queue';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SlotSettings } from '@/features/queue/components/slot-settings';
import { held, ok, type FakeApi } from '../support/fake-api';
import { renderPage } from '../support/render';

const settings = (): QueueSettings => ({ ...defaultQueueSettings('Europe/Lisbon'), isDefault: true });
const open = (answers?: (api: FakeApi) => void) =>
  renderPage(<SlotSettings settings={settings()} mayEdit />, { answers });
const day = (platform: string, name: string) =>
  within(screen.getByRole('group', { name: platform })).getByLabelText(name);
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const save = () => screen.getByRole('button', { name: 'Save time slots' });

describe('the queue slot form', () => {
  it('says the defaults are defaults and shows them per weekday, Monday first', () => {
    open();
    expect(screen.getByText(/suggested defaults per platform/)).toBeTruthy();
    expect((day('Facebook', 'Monday') as HTMLInputElement).value).toBe('09:00, 13:00');
    expect((day('LinkedIn', 'Sunday') as HTMLInputElement).value).toBe('');
    const inputs = within(screen.getByRole('group', { name: 'Facebook' })).getAllByRole('textbox');
    expect(inputs).toHaveLength(7);
    expect(inputs[0]).toBe(day('Facebook', 'Monday'));
    expect(inputs[6]).toBe(day('Facebook', 'Sunday'));
  });

  it("checks on submit: a time that is no time, a day's repeated time and an unknown zone, sending nothing", async () => {
    const { user, api } = open();
    await user.clear(day('Facebook', 'Monday'));
    await user.type(day('Facebook', 'Monday'), '25:00');
    await user.clear(day('Threads', 'Friday'));
    await user.type(day('Threads', 'Friday'), '08:00, 08:00');
    await user.clear(screen.getByLabelText('Time zone'));
    await user.type(screen.getByLabelText('Time zone'), 'Mars/Olympus');
    expect(alerts()).toEqual([]);
    await user.click(save());
    expect(alerts()).toEqual([
      queueMessages.zone,
      queueMessages.time,
      queueMessages.repeatedSlot,
      'Some slots need fixing: see the fields above.',
    ]);
    expect(api.sent(queueContracts.saveSettings)).toEqual([]);
    expect(document.activeElement).toBe(screen.getByLabelText('Time zone'));
  });

  it('focuses the first day that needs fixing, as the form reads', async () => {
    const { user } = open();
    await user.type(day('LinkedIn', 'Sunday'), '7am');
    await user.clear(day('Facebook', 'Tuesday'));
    await user.type(day('Facebook', 'Tuesday'), '09:00, 9:00x');
    await user.click(save());
    expect(alerts()).toEqual([queueMessages.time, queueMessages.time, 'Some slots need fixing: see the fields above.']);
    expect(document.activeElement).toBe(day('Facebook', 'Tuesday'));
  });

  it('sends the zone and each day as a list of times, holding Save while it waits', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(queueContracts.saveSettings, async (request) => {
        await answer.promise;
        return ok({ ...(request.body as QueueSettings), isDefault: false, moved: 2 });
      }),
    );
    await user.clear(day('Instagram', 'Wednesday'));
    await user.type(day('Instagram', 'Wednesday'), '07:30 19:15');
    await user.click(save());
    const [body] = api.bodies(queueContracts.saveSettings) as QueueSettings[];
    expect(body?.timeZone).toBe('Europe/Lisbon');
    expect(body?.slots.instagram[3]).toEqual(['07:30', '19:15']);
    expect(body?.slots.facebook[1]).toEqual(['09:00', '13:00']);
    expect(save()).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('Time slots saved. 2 queued posts moved into the new slots.')).toBeTruthy();
  });

  it('fills the slots from the best times, on the hour, without saving', async () => {
    const cell = (weekday: number, hour: number, score: number) => ({
      weekday,
      hour,
      posts: 0,
      engagement: null,
      score,
    });
    const cells = [cell(2, 10, 100), cell(2, 16, 80), cell(6, 9, 60), cell(7, 20, 0)];
    const { user, api } = open((api) =>
      api.on(
        postAnalyticsContracts.bestTimes,
        ok({
          facebook: {
            source: 'default' as const,
            posts: 0,
            minimumPosts: 20,
            zone: 'Europe/Lisbon',
            best: cells.slice(0, 3),
            hours: [],
            weekdays: [],
            cells,
          },
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Fill from best times' }));
    await screen.findByDisplayValue('10:00, 16:00');
    expect((day('Facebook', 'Tuesday') as HTMLInputElement).value).toBe('10:00, 16:00');
    expect((day('Facebook', 'Saturday') as HTMLInputElement).value).toBe('09:00');
    expect((day('Facebook', 'Monday') as HTMLInputElement).value).toBe('');
    expect((day('Facebook', 'Sunday') as HTMLInputElement).value).toBe('');
    // Platforms the best times leave out keep theirs.
    expect((day('WordPress', 'Tuesday') as HTMLInputElement).value).toBe('10:00');
    expect(api.sent(postAnalyticsContracts.bestTimes)[0]?.query.get('zone')).toBe('Europe/Lisbon');
    expect(api.sent(queueContracts.saveSettings)).toEqual([]);
  });
});
