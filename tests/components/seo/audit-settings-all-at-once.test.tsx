import { auditSettingsContracts } from '@shared/contracts/audit-settings';
import { auditSettingsSchema } from '@shared/schemas/audit-settings';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AuditSettingsView from '@/features/seo/components/audit-settings';
import { ok } from '../support/fake-api';
import { signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

const defaults = auditSettingsSchema.parse({});
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const open = () =>
  renderPage(<AuditSettingsView auditId="a1" member />, {
    answers: (api) => {
      signedIn(api);
      api.on(auditSettingsContracts.getSettings, ok(defaults));
    },
  });

async function set(user: ReturnType<typeof open>['user'], label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.click(input);
  if (text) await user.paste(text);
}

describe('the audit settings form, a list over its maximum', () => {
  it('still shows the rules across fields, every message at once, and sends nothing', async () => {
    const { user, api } = open();
    await screen.findByLabelText('Competitors (up to 5)');
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((s) => `https://${s}-rival.com`);
    await set(user, 'Competitors (up to 5)', six.join('\n'));
    await set(user, 'Shortest title (characters)', '90');
    await set(user, 'Longest title (characters)', '60');
    await set(user, 'Crawl only these paths', '/shop/');
    await set(user, 'Never crawl these paths', '/shop/');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(alerts()).toEqual([
      'The maximum cannot be less than the minimum.',
      'Cannot create Rule (line 1)',
      'You can add up to 5 competitors',
    ]);
    expect(api.sent(auditSettingsContracts.saveSettings)).toEqual([]);
  });
});
