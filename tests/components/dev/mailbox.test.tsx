import { devContracts } from '@shared/contracts/dev';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import MailboxRoute from '@/features/dev/routes/mailbox';
import { failure, ok, type FakeApi } from '../support/fake-api';
import { renderPage } from '../support/render';

const mail = (id: string, to: string, subject: string, sentAt: string) => ({
  id,
  from: 'no-reply@app.example',
  to,
  subject,
  text: `${subject} for ${to}`,
  sentAt,
});
const all = [
  mail('m1', 'ada@example.com', 'Verify your email', '2026-12-01T09:00:00.000Z'),
  mail('m2', 'bob@example.com', 'Reset your password', '2026-12-01T10:00:00.000Z'),
];
const open = (answers?: (api: FakeApi) => void, url = '/dev/mailbox') =>
  renderPage(<MailboxRoute />, {
    path: '/dev/mailbox',
    url,
    answers: (api) => {
      api.on(devContracts.mailbox, (request) => {
        const to = request.query.get('to');
        return ok({ messages: all.filter((m) => !to || m.to.includes(to)) });
      });
      answers?.(api);
    },
  });
const list = () => screen.getByRole('list', { name: 'Messages, newest first' });

describe('the dev mailbox', () => {
  it('lists every mail newest first, and filters by the trimmed recipient on submit only', async () => {
    const { user, api } = open();
    await within(list()).findByText('Reset your password');
    expect(
      within(list())
        .getAllByRole('button')
        .map((b) => b.querySelector('.mail-item__subject')?.textContent),
    ).toEqual(['Reset your password', 'Verify your email']);
    await user.type(screen.getByLabelText('Filter by recipient'), '  ada@example.com ');
    expect(api.sent(devContracts.mailbox).every((r) => !r.query.has('to'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(within(list()).queryByText('Reset your password')).toBeNull());
    expect(within(list()).getByText('ada@example.com')).toBeTruthy();
    expect(api.sent(devContracts.mailbox).at(-1)?.query.get('to')).toBe('ada@example.com');
  });

  it('clears the filter when submitted empty', async () => {
    const { user, api } = open(undefined, '/dev/mailbox?to=ada%40example.com');
    await within(list()).findByText('Verify your email');
    expect(within(list()).queryByText('Reset your password')).toBeNull();
    await user.clear(screen.getByLabelText('Filter by recipient'));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await within(list()).findByText('Reset your password')).toBeTruthy();
    expect(api.sent(devContracts.mailbox).at(-1)?.query.has('to')).toBe(false);
  });

  it("says 'No mail yet' for an empty box", async () => {
    open((api) => api.on(devContracts.mailbox, ok({ messages: [] })));
    expect(await screen.findByText('No mail yet')).toBeTruthy();
  });

  it('says the mailbox is not available when its call fails', async () => {
    open((api) => api.on(devContracts.mailbox, failure(404, 'Not found')));
    expect(await screen.findByText('The mailbox is not available')).toBeTruthy();
  });
});
