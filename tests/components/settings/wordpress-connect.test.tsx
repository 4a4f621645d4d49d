import { wordpressContracts } from '@shared/contracts/integrations';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import WordPressConnectDialog from '@/features/settings/components/wordpress-connect-dialog';
import { failure, held, type FakeApi } from '../support/fake-api';
import { signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const open = (answers?: (api: FakeApi) => void, inviteToken?: string) =>
  renderPage(<WordPressConnectDialog inviteToken={inviteToken} onClose={() => undefined} />, {
    answers: (api) => {
      signedIn(api);
      answers?.(api);
    },
  });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

async function tryAddress(user: ReturnType<typeof open>['user'], address: string) {
  const input = screen.getByLabelText('Website address');
  await user.clear(input);
  if (address) await user.type(input, address);
  await user.click(continueButton());
}

describe('the WordPress connect dialog', () => {
  it('says the URL is required, must be a root address and a web address, and sends nothing', async () => {
    const { user, api } = open();
    await tryAddress(user, '');
    expect(alerts()).toEqual(['The URL is required']);
    await tryAddress(user, 'blog.example.com/news/');
    expect(alerts()).toEqual(['Please enter only the main website address (e.g. blog.example.com)']);
    await tryAddress(user, 'ftp://blog.example.com');
    expect(alerts()).toEqual(['Enter a valid website address']);
    await tryAddress(user, 'not a site');
    expect(alerts()).toEqual(['Enter a valid URL address']);
    expect(api.sent(wordpressContracts.connect)).toEqual([]);
  });

  it('sends the root address with https:// and no trailing slash, with the invite, holding Continue', async () => {
    const answer = held();
    const { user, api } = open(
      (api) =>
        api.on(wordpressContracts.connect, async () => {
          await answer.promise;
          return failure(422, 'Some fields are not valid.', [
            { path: 'website', message: 'This site does not answer as WordPress.' },
          ]);
        }),
      'invite-1',
    );
    await tryAddress(user, 'Blog.Example.com/');
    expect(api.bodies(wordpressContracts.connect)).toEqual([
      { website: 'https://blog.example.com', inviteToken: 'invite-1' },
    ]);
    expect(continueButton()).toHaveProperty('disabled', true);
    answer.release();
    // A 422 on the address lands on the field.
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This site does not answer as WordPress.');
    expect(screen.getByLabelText('Website address').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a refusal that is not about the address under the field', async () => {
    const { user } = open((api) =>
      api.on(wordpressContracts.connect, failure(503, 'WordPress did not answer. Try again in a moment.')),
    );
    await tryAddress(user, 'https://blog.example.com');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'WordPress did not answer. Try again in a moment.',
    );
  });
});
