import { integrationsContracts } from '@shared/contracts/integrations';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useChooseProfile, useSocialProfiles } from '@/api/integrations/connections';
import { ProfileChooser } from '@/features/settings/components/profile-chooser';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { company, signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

const pages = [
  { id: 'p1', name: 'Rosa Bakery' },
  { id: 'p2', name: 'Rosa Catering' },
];

/** The chooser as the apps tab uses it for Facebook pages, on the real profile hooks. */
function FacebookPageChooser({ current }: { current?: { id: string; name: string } }) {
  const choose = useChooseProfile('facebook');
  return (
    <ProfileChooser
      label="Facebook page"
      emptyHint="Your account has no page to publish to yet."
      prompt="Your Facebook account offers several: save the page posts go to, and Facebook is connected."
      current={current}
      useChoices={(enabled) => useSocialProfiles('facebook', enabled)}
      choose={choose}
    />
  );
}
const open = (current?: { id: string; name: string }, answers?: (api: FakeApi) => void, role?: 'client') =>
  renderPage(<FacebookPageChooser current={current} />, {
    answers: (api) => {
      signedIn(api, {
        companies: [
          company({
            users: [{ id: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: role ?? 'admin' }],
          }),
        ],
      });
      api.on(integrationsContracts.profiles, ok(pages));
      answers?.(api);
    },
  });

describe('the profile chooser', () => {
  it('lists the choices read now, asks for one while none is chosen, and saves the one picked, holding Save', async () => {
    const answer = held();
    const { user, api } = open(undefined, (api) =>
      api.on(integrationsContracts.profile, async () => {
        await answer.promise;
        return ok({ connected: true, profile: pages[1] });
      }),
    );
    const list = await screen.findByLabelText('Facebook page');
    await screen.findByRole('option', { name: 'Rosa Catering' });
    expect(
      screen.getByText('Your Facebook account offers several: save the page posts go to, and Facebook is connected.'),
    ).toBeTruthy();
    await user.selectOptions(list, 'p2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.bodies(integrationsContracts.profile)).toEqual([{ id: 'p2' }]);
    expect(api.sent(integrationsContracts.profile)[0]?.path).toBe('/api/integrations/facebook/profile');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    answer.release();
  });

  it('asks the platform only once Change is pressed, and Cancel goes back to the current one', async () => {
    const { user, api } = open(pages[0]);
    await user.click(await screen.findByRole('button', { name: 'Change Facebook page' }));
    expect(await screen.findByRole('option', { name: 'Rosa Catering' })).toBeTruthy();
    expect(api.sent(integrationsContracts.profiles)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Rosa Bakery')).toBeTruthy();
  });

  it('says when the account has nothing to publish to, with Save held', async () => {
    open(undefined, (api) => api.on(integrationsContracts.profiles, ok([])));
    expect(await screen.findByText('Your account has no page to publish to yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it("shows the platform's and the server's refusals", async () => {
    const { user } = open(undefined, (api) =>
      api.on(integrationsContracts.profile, failure(409, 'Facebook no longer lets us post to this page.')),
    );
    await screen.findByRole('option', { name: 'Rosa Bakery' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Facebook no longer lets us post to this page.')).toBeTruthy();
  });

  it('shows the choice, with nothing to change, to a role that may not manage apps', async () => {
    const { api } = open(pages[0], undefined, 'client');
    expect(await screen.findByText('Rosa Bakery')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change Facebook page' })).toBeNull();
    expect(api.sent(integrationsContracts.profiles)).toEqual([]);
  });
});
