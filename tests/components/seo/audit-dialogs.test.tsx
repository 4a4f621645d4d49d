import { auditScheduleContracts } from '@shared/contracts/audit-schedule';
import { auditShareContracts } from '@shared/contracts/audit-share';
import { seoContracts } from '@shared/contracts/seo';
import { auditScheduleSchema } from '@shared/schemas/audit-schedule';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AuditShareDialog from '@/features/seo/components/audit-share-dialog';
import LaunchAuditDialog from '@/features/seo/components/launch-audit-dialog';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('the launch audit dialog', () => {
  const weekly = auditScheduleSchema.parse({
    frequency: 'weekly',
    weekday: 2,
    monthDay: 1,
    time: '07:30',
    timeZone: 'Europe/Lisbon',
  });
  const open = (answers?: (api: FakeApi) => void, schedule = weekly) =>
    renderPage(<LaunchAuditDialog schedule={schedule} onClose={() => undefined} />, {
      answers: (api) => {
        signedIn(api);
        answers?.(api);
      },
    });
  const saveSchedule = () => screen.getByRole('button', { name: 'Save schedule' });

  it('sends the frequency, the day of the month, the time and the zone, holding Save schedule', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(auditScheduleContracts.saveAuditSchedule, async () => {
        await answer.promise;
        return ok({ ...weekly, frequency: 'monthly' as const, monthDay: 31, nextRunAt: '2030-01-31T06:30:00.000Z' });
      }),
    );
    await user.selectOptions(screen.getByLabelText('Frequency'), 'monthly');
    expect(screen.queryByLabelText('Day')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Day of the month'), '31');
    expect(screen.getByText('In a shorter month, a later day runs on its last day.')).toBeTruthy();
    await user.click(saveSchedule());
    expect(api.bodies(auditScheduleContracts.saveAuditSchedule)).toEqual([
      { frequency: 'monthly', weekday: 2, monthDay: 31, time: '07:30', timeZone: 'Europe/Lisbon' },
    ]);
    expect(saveSchedule()).toHaveProperty('disabled', true);
    answer.release();
  });

  it('offers no day or time for a manual audit', async () => {
    const { user } = open();
    await user.selectOptions(screen.getByLabelText('Frequency'), 'manually');
    expect(screen.queryByLabelText('Day')).toBeNull();
    expect(screen.queryByLabelText('Time')).toBeNull();
    expect(screen.queryByLabelText('Time zone')).toBeNull();
  });

  it('checks the time on the page before anything is sent, and focuses it', async () => {
    const { user, api } = open();
    await user.clear(screen.getByLabelText('Time'));
    await user.click(saveSchedule());
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Choose a time between 00:00 and 23:59.');
    expect(document.activeElement).toBe(screen.getByLabelText('Time'));
    expect(api.bodies(auditScheduleContracts.saveAuditSchedule)).toEqual([]);
  });

  it("puts the server's 422 on its field and shows any other refusal", async () => {
    const { user, api } = open((api) =>
      api.on(
        auditScheduleContracts.saveAuditSchedule,
        failure(422, 'Some fields are not valid.', [
          { path: 'time', message: 'Choose a time between 00:00 and 23:59.' },
        ]),
      ),
    );
    await user.click(saveSchedule());
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Choose a time between 00:00 and 23:59.');
    expect(screen.getByLabelText('Time').getAttribute('aria-invalid')).toBe('true');
    api.on(auditScheduleContracts.saveAuditSchedule, failure(403, 'You do not have access to this.'));
    await user.click(saveSchedule());
    expect(await screen.findByText('You do not have access to this.')).toBeTruthy();
    expect(alerts()).toEqual(['You do not have access to this.']);
  });

  it('shows why Run audit now was refused', async () => {
    const { user, api } = open((api) =>
      api.on(seoContracts.recheck, failure(409, 'An audit of this website is already running.')),
    );
    await user.click(screen.getByRole('button', { name: 'Run audit now' }));
    expect(api.sent(seoContracts.recheck)).toHaveLength(1);
    expect(await screen.findByText('An audit of this website is already running.')).toBeTruthy();
  });
});

describe('the audit share dialog', () => {
  const share = {
    id: 's1',
    modules: ['overview' as const, 'pages' as const],
    createdAt: '2026-12-01T09:00:00.000Z',
    expiresAt: '2026-12-08T09:00:00.000Z',
    sentTo: 'client@example.com',
  };
  const open = (answers?: (api: FakeApi) => void) =>
    renderPage(<AuditShareDialog onClose={() => undefined} />, {
      answers: (api) => {
        signedIn(api);
        api.on(auditShareContracts.list, ok([]));
        answers?.(api);
      },
    });
  const create = () => screen.getByRole('button', { name: 'Create link' });

  it("says 'Choose at least one module', 'A link lasts from 1 to 30 days' and 'Please check your email', and sends nothing", async () => {
    const { user, api } = open();
    await user.click(screen.getByLabelText('Overview'));
    await user.click(screen.getByLabelText('Issue report'));
    const days = screen.getByLabelText('Days the link works');
    await user.clear(days);
    await user.type(days, '31');
    await user.type(screen.getByLabelText('Email it to (optional)'), 'client@');
    await user.click(create());
    expect(alerts()).toEqual([
      'Choose at least one module',
      'A link lasts from 1 to 30 days',
      'Please check your email',
    ]);
    expect(api.sent(auditShareContracts.create)).toEqual([]);
    expect(await screen.findByText('No guest links yet.')).toBeTruthy();
  });

  it('sends the modules in their order, the days as a number and the email, holding Create link, then shows the link once', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(auditShareContracts.create, async () => {
        await answer.promise;
        return {
          status: 201 as const,
          body: {
            share,
            url: 'https://app.example/shared/11-secret',
            mail: { sent: true, message: 'Message sent to client@example.com' },
          },
        };
      }),
    );
    await user.click(screen.getByLabelText('Issue report'));
    await user.click(screen.getByLabelText('Crawled pages'));
    const days = screen.getByLabelText('Days the link works');
    await user.clear(days);
    await user.type(days, '7');
    await user.type(screen.getByLabelText('Email it to (optional)'), ' client@example.com ');
    await user.click(create());
    expect(api.bodies(auditShareContracts.create)).toEqual([
      { modules: ['overview', 'pages'], days: 7, email: 'client@example.com' },
    ]);
    expect(create()).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByLabelText<HTMLInputElement>('Guest link (shown only now)')).toHaveProperty(
      'value',
      'https://app.example/shared/11-secret',
    );
    expect(await screen.findByText('Message sent to client@example.com')).toBeTruthy();
  });

  it("says 'Error sending email' when the link was made but the mail was not sent", async () => {
    const { user } = open((api) =>
      api.on(auditShareContracts.create, {
        status: 201 as const,
        body: {
          share,
          url: 'https://app.example/shared/11-secret',
          mail: { sent: false, message: 'Error sending email' },
        },
      }),
    );
    await user.type(screen.getByLabelText('Email it to (optional)'), 'client@example.com');
    await user.click(create());
    expect(await screen.findByText('Error sending email')).toBeTruthy();
  });

  it("puts the server's 422 on its field, and lists live links with their revoke", async () => {
    const { user } = open((api) =>
      api
        .on(auditShareContracts.list, ok([share]))
        .on(
          auditShareContracts.create,
          failure(422, 'Some fields are not valid.', [{ path: 'email', message: 'Please check your email' }]),
        ),
    );
    const links = await screen.findByRole('list', { name: 'Guest links' });
    expect(within(links).getByText('Overview, Crawled pages')).toBeTruthy();
    expect(within(links).getByRole('button', { name: 'Revoke the link to Overview, Crawled pages' })).toBeTruthy();
    await user.type(screen.getByLabelText('Email it to (optional)'), 'client@example.com');
    await user.click(create());
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please check your email');
  });
});
