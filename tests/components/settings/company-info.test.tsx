import { approvalSettingsContracts } from '@shared/contracts/approval-settings';
import { companyContracts } from '@shared/contracts/company';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompanyInfoTab } from '@/features/settings/components/company-info-tab';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { company, signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const open = (answers?: (api: FakeApi) => void) =>
  renderPage(<CompanyInfoTab />, {
    answers: (api) => {
      signedIn(api);
      api.on(approvalSettingsContracts.settings, ok({ required: false }));
      answers?.(api);
    },
  });
const save = () => screen.getByRole('button', { name: 'Save changes' });
/** The inputs are enabled once the user's role is known, which also brings the Save button. */
const ready = () => screen.findByRole('button', { name: 'Save changes' });

async function replace(user: ReturnType<typeof open>['user'], label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  // Pasted, not typed: one input event instead of one per character (a 256-character name).
  if (text) await user.paste(text);
}

describe('the company information form (Settings > company-info)', () => {
  it('says what each field needs, word for word, and sends nothing', async () => {
    const { user, api } = open();
    await ready();
    await replace(user, 'Business name', 'AB');
    await replace(user, 'Website', 'ftp://engines.example');
    await replace(user, 'Business description', 'Too short to describe anything.');
    await replace(user, 'Marketing Tone', 'ok');
    await replace(user, 'Marketing Voice', 'no');
    await replace(user, 'Customers', 'Few');
    await replace(user, 'Why customers choose you', 'Cheap');
    await replace(user, 'Location 1', 'L');
    await replace(user, 'Current revenue', '-5');
    await replace(user, 'Suggested budget', '2.5');
    await user.click(save());
    expect(alerts()).toEqual([
      'Name must be at least 3 characters long.',
      'Enter a valid website address',
      'Description must be at least 80 characters long.',
      'Marketing tone must be at least 3 characters long.',
      'Marketing voice must be at least 3 characters long.',
      'Customers must be at least 10 characters long.',
      'Why must be at least 10 characters long.',
      'Location must be at least 2 characters long.',
      'Current revenue must not be negative.',
      'Suggested budget must be an integer.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Business name'));
    expect(api.sent(companyContracts.update)).toEqual([]);
  });

  it("says a name over 255 characters is too long, a website that is no address isn't one, and a revenue must be whole", async () => {
    const { user } = open();
    await ready();
    await replace(user, 'Business name', 'x'.repeat(256));
    await replace(user, 'Website', 'not a website');
    await replace(user, 'Current revenue', '1.5');
    await user.click(save());
    expect(alerts()).toEqual([
      'Name must be no longer than 255 characters.',
      'Enter a valid URL address',
      'Current revenue must be an integer.',
    ]);
  });

  it('checks each added location on its own; the first cannot be removed', async () => {
    const { user } = open();
    await ready();
    expect(screen.queryByRole('button', { name: 'Remove location 1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Add/ }));
    await user.type(screen.getByLabelText('Location 2'), ' x ');
    await user.click(save());
    expect(alerts()).toEqual(['Location must be at least 2 characters long.']);
    expect(screen.getByLabelText('Location 2').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Location 1').getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the whole profile with https:// prepended to the website, holding Save while it waits', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(companyContracts.update, async () => {
        await answer.promise;
        return ok(company({ name: 'Difference Engines', website: 'https://difference.example' }));
      }),
    );
    await ready();
    await replace(user, 'Business name', 'Difference Engines');
    await replace(user, 'Website', 'difference.example');
    await user.selectOptions(screen.getByLabelText('Goal'), 'BOTH_MAINTAIN');
    await replace(user, 'Suggested budget', '');
    await user.click(screen.getByRole('button', { name: /Add/ }));
    await user.type(screen.getByLabelText('Location 2'), '  Paris ');
    await user.click(save());
    expect(api.bodies(companyContracts.update)).toEqual([
      {
        name: 'Difference Engines',
        website: 'https://difference.example',
        goal: 'BOTH_MAINTAIN',
        tone: 'Warm',
        voice: 'Plain',
        description: company().description,
        customers: 'Mathematicians and weavers',
        why: 'They need faster tables',
        locations: ['London', 'Paris'],
        current_revenue: 1000,
        suggested_budget: null,
      },
    ]);
    expect(save()).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('Company information saved.')).toBeTruthy();
  });

  it("puts the server's field errors on the fields (either shape) and shows other refusals", async () => {
    const { user, api } = open((api) =>
      api.on(
        companyContracts.update,
        failure(422, 'Some fields are not valid.', [{ path: 'goal', message: 'Please select a valid goal' }]),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please select a valid goal');
    api.on(companyContracts.update, {
      status: 422,
      fieldMap: { 'locations.0': ['Location must be at least 2 characters long.'] },
    });
    await user.click(save());
    expect(await screen.findByText('Location must be at least 2 characters long.')).toBeTruthy();
    api.on(companyContracts.update, failure(403, 'You do not have access to this.'));
    await user.click(save());
    expect(await screen.findByText('You do not have access to this.')).toBeTruthy();
  });

  it('is read-only for a client, who may not change the profile', async () => {
    open((api) =>
      api.on(
        companyContracts.list,
        ok([
          company({
            users: [{ id: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'client' }],
          }),
        ]),
      ),
    );
    const name = await screen.findByLabelText('Business name');
    expect(name.closest('fieldset')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});
