import { publicApiSettingsContracts as contracts } from '@shared/contracts/public-api-settings';
import { apiKeySchema, webhookSchema } from '@shared/schemas/public-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiTab } from '@/features/settings/components/api-tab';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const apiKey = apiKeySchema.parse({
  id: 'k1',
  name: 'Zapier',
  scope: 'write',
  prefix: 'mk_live_ab',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  createdBy: { id: 7, name: 'Ada Lovelace' },
  status: 'active',
});
const webhook = webhookSchema.parse({
  id: 'w1',
  url: 'https://hooks.example/in',
  events: ['post.published'],
  secretPrefix: 'whsec_ab',
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: { id: 7, name: 'Ada Lovelace' },
  status: 'active',
});
const open = (answers?: (api: FakeApi) => void) =>
  renderPage(<ApiTab />, {
    answers: (api) => {
      signedIn(api);
      api.on(contracts.listKeys, ok([])).on(contracts.listWebhooks, ok([]));
      answers?.(api);
    },
  });

describe('Settings > API keys', () => {
  it('says when there are no keys yet, and lists the ones there are', async () => {
    open();
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    expect(screen.getByText('No webhooks yet')).toBeTruthy();
  });

  it("says 'Give the key a name.' and sends nothing for a key without one", async () => {
    const { user, api } = open();
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    expect(alerts()).toEqual(['Give the key a name.']);
    expect(api.sent(contracts.createKey)).toEqual([]);
  });

  it('creates a key with its name and access, holding the button, then shows the secret once', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(contracts.createKey, async () => {
        await answer.promise;
        return { status: 201, body: { key: apiKey, secret: 'mk_live_abcdef123456' } };
      }),
    );
    await user.type(await screen.findByLabelText('Key name'), 'Zapier');
    await user.selectOptions(screen.getByLabelText('Access'), 'write');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(api.bodies(contracts.createKey)).toEqual([{ name: 'Zapier', scope: 'write' }]);
    expect(screen.getByRole('button', { name: 'Create key' })).toHaveProperty('disabled', true);
    answer.release();
    const dialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Secret').value).toBe('mk_live_abcdef123456');
  });

  it("shows the server's refusal", async () => {
    const { user } = open((api) =>
      api.on(
        contracts.createKey,
        failure(409, 'A company can have at most 20 API keys. Revoke one you no longer use first.'),
      ),
    );
    await user.type(await screen.findByLabelText('Key name'), 'One too many');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(
      await screen.findByText('A company can have at most 20 API keys. Revoke one you no longer use first.'),
    ).toBeTruthy();
  });

  it('lists existing keys and webhooks', async () => {
    open((api) => api.on(contracts.listKeys, ok([apiKey])).on(contracts.listWebhooks, ok([webhook])));
    const keys = await screen.findByRole('list', { name: 'API keys' });
    expect(within(keys).getByText('Zapier')).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Webhooks' })).toBeTruthy();
  });
});

describe('Settings > webhooks', () => {
  it('says the address must be http(s) and at least one event is needed, and sends nothing', async () => {
    const { user, api } = open();
    await user.type(await screen.findByLabelText('Endpoint URL'), 'hooks.example/in');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(alerts()).toEqual(['Enter an address starting with https:// (or http://).']);
    await user.clear(screen.getByLabelText('Endpoint URL'));
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://hooks.example/in');
    for (const label of ['Post published', 'Post failed', 'Site audit finished', 'CSV import finished'])
      await user.click(screen.getByLabelText(label));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(alerts()).toEqual(['Choose at least one event.']);
    expect(api.sent(contracts.createWebhook)).toEqual([]);
  });

  it('adds a webhook with the address and chosen events, holding the button, then shows its secret', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(contracts.createWebhook, async () => {
        await answer.promise;
        return { status: 201, body: { webhook, secret: 'whsec_abcdef' } };
      }),
    );
    await user.type(await screen.findByLabelText('Endpoint URL'), 'https://hooks.example/in');
    await user.click(screen.getByLabelText('Site audit finished'));
    await user.click(screen.getByLabelText('CSV import finished'));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(api.bodies(contracts.createWebhook)).toEqual([
      { url: 'https://hooks.example/in', events: ['post.published', 'post.failed'] },
    ]);
    expect(screen.getByRole('button', { name: 'Add webhook' })).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByRole('dialog', { name: 'Your webhook signing secret' })).toBeTruthy();
  });

  it('puts a 422 on the address field', async () => {
    const { user } = open((api) =>
      api.on(
        contracts.createWebhook,
        failure(422, 'Some fields are not valid.', [{ path: 'url', message: 'This address may not be called.' }]),
      ),
    );
    await user.type(await screen.findByLabelText('Endpoint URL'), 'https://hooks.example/in');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This address may not be called.');
  });
});
