import { auditSettingsContracts } from '@shared/contracts/audit-settings';
import { auditSettingsSchema } from '@shared/schemas/audit-settings';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AuditSettingsView from '@/features/seo/components/audit-settings';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

/** The settings a company starts with: every field's default. */
const defaults = auditSettingsSchema.parse({});
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const open = (answers?: (api: FakeApi) => void, member = true) =>
  renderPage(<AuditSettingsView auditId="a1" member={member} />, {
    answers: (api) => {
      signedIn(api);
      api.on(auditSettingsContracts.getSettings, ok(defaults));
      answers?.(api);
    },
  });
const save = () => screen.getByRole('button', { name: 'Save settings' });

async function set(user: ReturnType<typeof open>['user'], label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.click(input);
  if (text) await user.paste(text);
}

describe('the audit settings form', () => {
  it('says what a URL rule, an email, a competitor and a domain must be, with the line they are on', async () => {
    const { user, api } = open();
    await screen.findByLabelText('Crawl only these paths');
    await set(user, 'Crawl only these paths', '/blog/\nblog');
    await set(user, 'Never crawl these paths', `/${'a'.repeat(2048)}/`);
    await set(user, 'Crawl but leave out of the report', '/tag/\n/tag/');
    await set(user, 'Do not check links to these domains', 'not a domain');
    await set(user, 'Also email the report to', 'ops@example.com\n\nnot-an-email');
    await set(user, 'Competitors (up to 5)', 'rival');
    await user.click(save());
    expect(alerts()).toEqual([
      'The path is set incorrectly. Make sure the path starts and ends with / (line 2)',
      'Maximum Rule length of 2048 chars exceeded (line 1)',
      'Such Url already exists (line 2)',
      'Invalid domain (line 1)',
      'Enter correct email (line 3)',
      'Invalid URL (line 1)',
    ]);
    expect(api.sent(auditSettingsContracts.saveSettings)).toEqual([]);
  });

  it('says a number is out of range, a minimum above its maximum, and a rule both allowed and not', async () => {
    const { user } = open();
    await screen.findByLabelText('Maximum pages');
    await set(user, 'Maximum pages', '0');
    await set(user, 'Requests per second', '');
    await set(user, 'Shortest title (characters)', '90');
    await set(user, 'Longest title (characters)', '60');
    await set(user, 'Crawl only these paths', '/shop/');
    await set(user, 'Never crawl these paths', '/shop/');
    await user.click(save());
    expect(alerts()).toEqual([
      'Enter a whole number from 1 to 100000.',
      'Enter a number of requests per second from 0.1 to 500.',
      'The maximum cannot be less than the minimum.',
      'Cannot create Rule (line 1)',
    ]);
  });

  it('says at most 5 competitors', async () => {
    const { user } = open();
    await screen.findByLabelText('Competitors (up to 5)');
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((s) => `https://${s}-rival.com`);
    await set(user, 'Competitors (up to 5)', six.join('\n'));
    await user.click(save());
    expect(alerts()).toEqual(['You can add up to 5 competitors']);
  });

  it('sends the settings with lists split into lines and numbers as numbers, holding Save while it waits', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(auditSettingsContracts.saveSettings, async () => {
        await answer.promise;
        return ok({ ...defaults, maxPages: 250, disallowPrefixes: ['/cart/', '/checkout/'] });
      }),
    );
    await screen.findByLabelText('Maximum pages');
    await set(user, 'Maximum pages', '250');
    await set(user, 'Never crawl these paths', ' /cart/ \n\n/checkout/');
    await set(user, 'Also email the report to', 'Ops@Example.com');
    await user.click(save());
    expect(api.bodies(auditSettingsContracts.saveSettings)).toEqual([
      expect.objectContaining({
        maxPages: 250,
        disallowPrefixes: ['/cart/', '/checkout/'],
        notificationEmails: ['ops@example.com'],
        version: '2.0',
        basicAuthLogin: '',
      }),
    ]);
    expect(save()).toHaveProperty('disabled', true);
    answer.release();

    expect(await screen.findByText('Audit settings saved. They apply from the next audit.')).toBeTruthy();
  });

  it("puts the server's field errors on their fields, and shows other refusals", async () => {
    const { user, api } = open((api) =>
      api.on(
        auditSettingsContracts.saveSettings,
        failure(422, 'Some fields are not valid.', [
          { path: 'competitors.0', message: 'This website is on our scan exclusion list and cannot be audited' },
        ]),
      ),
    );
    await screen.findByLabelText('Competitors (up to 5)');
    await set(user, 'Competitors (up to 5)', 'https://rival.com');
    await user.click(save());
    expect(
      await screen.findByText('This website is on our scan exclusion list and cannot be audited (line 1)'),
    ).toBeTruthy();
    api.on(auditSettingsContracts.saveSettings, failure(403, 'You do not have access to this.'));
    await user.click(save());
    expect(await screen.findByText('You do not have access to this.')).toBeTruthy();
  });

  it('is read-only for a client', async () => {
    open(undefined, false);
    expect(await screen.findByText('Only admins and managers can change the audit settings.')).toBeTruthy();
    expect(screen.getByLabelText('Maximum pages').closest('fieldset')).toHaveProperty('disabled', true);
  });

  it("shows the settings call's failure", async () => {
    open((api) => api.on(auditSettingsContracts.getSettings, failure(500, 'Something broke on our side.')));
    expect(await screen.findByText('Something broke on our side.')).toBeTruthy();
  });
});
