import { authContracts } from '@shared/contracts/auth';
import { companyContracts } from '@shared/contracts/company';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompaniesTab } from '@/features/settings/components/companies-tab';
import { UserTab } from '@/features/settings/components/user-tab';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { company, profile, signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const withUser = (answers?: (api: FakeApi) => void) => (api: FakeApi) => {
  signedIn(api);
  answers?.(api);
};

describe('the profile form (Settings > user)', () => {
  const open = (answers?: (api: FakeApi) => void) => renderPage(<UserTab />, { answers: withUser(answers) });

  it('says each name is required and at least 2 characters, and sends nothing', async () => {
    const { user, api } = open();
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(alerts()).toEqual(['First Name field is required.', 'Last Name field is required.']);
    await user.type(first, 'A');
    await user.type(screen.getByLabelText('Last name'), 'L');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(alerts()).toEqual(['Must be at least 2 characters long.', 'Must be at least 2 characters long.']);
    expect(api.sent(authContracts.patchProfile)).toEqual([]);
  });

  it('sends the names and the newsletter choice, holding Save while it waits', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(authContracts.patchProfile, async () => {
        await answer.promise;
        return ok(profile({ firstName: 'Augusta', subscribed: true }));
      }),
    );
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.click(screen.getByRole('switch', { name: /Weekly newsletter/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(api.bodies(authContracts.patchProfile)).toEqual([
      { firstName: 'Augusta', lastName: 'Lovelace', subscribed: true },
    ]);
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
  });

  it("puts a 422 on its field and shows any other refusal as the server's sentence", async () => {
    const { user, api } = open((api) =>
      api.on(
        authContracts.patchProfile,
        failure(422, 'Some fields are not valid.', [{ path: 'lastName', message: 'Last Name field is required.' }]),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Last Name field is required.');
    api.on(authContracts.patchProfile, failure(500, 'Something broke on our side.'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Something broke on our side.')).toBeTruthy();
  });
});

describe('the password change form (Settings > user)', () => {
  const open = (answers?: (api: FakeApi) => void) => renderPage(<UserTab />, { answers: withUser(answers) });
  const update = () => screen.getByRole('button', { name: 'Update password' });

  it('stays hidden until Change Password is clicked', async () => {
    const { user } = open();
    await screen.findByLabelText('First name');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByLabelText('Current password')).toBeTruthy();
  });

  it('says what each password field needs, word for word, and sends nothing', async () => {
    const { user, api } = open();
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    await user.click(update());
    expect(alerts()).toEqual([
      'Password field is required.',
      'New Password field is required.',
      'Confirm Password field is required.',
    ]);
    await user.type(screen.getByLabelText('Current password'), 'old password');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(update());
    expect(alerts()).toEqual(['Must be at least 8 characters long.', 'Passwords must match!']);
    expect(api.sent(authContracts.changePassword)).toEqual([]);
  });

  it('sends the three passwords, holds the button, and closes once changed', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(authContracts.changePassword, async () => {
        await answer.promise;
        return ok({ message: '' });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    await user.type(screen.getByLabelText('Current password'), 'old password');
    await user.type(screen.getByLabelText('New password'), 'new password!');
    await user.type(screen.getByLabelText('Confirm password'), 'new password!');
    await user.click(update());
    expect(api.bodies(authContracts.changePassword)).toEqual([
      { currentPassword: 'old password', newPassword: 'new password!', repeatPassword: 'new password!' },
    ]);
    expect(update()).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('shows a wrong current password against its field', async () => {
    const { user } = open((api) =>
      api.on(
        authContracts.changePassword,
        failure(422, 'Some fields are not valid.', [
          { path: 'currentPassword', message: 'The current password is not correct.' },
        ]),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    await user.type(screen.getByLabelText('Current password'), 'old password');
    await user.type(screen.getByLabelText('New password'), 'new password!');
    await user.type(screen.getByLabelText('Confirm password'), 'new password!');
    await user.click(update());
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The current password is not correct.');
  });
});

describe('the companies tab: create a company and invite a user', () => {
  const open = (answers?: (api: FakeApi) => void) => renderPage(<CompaniesTab />, { answers: withUser(answers) });

  it("says a company's name must be 3 to 255 characters, and sends nothing", async () => {
    const { user, api } = open();
    const create = await screen.findByRole('button', { name: 'Create company' });
    await user.click(create);
    expect(alerts()).toEqual(['Name must be at least 3 characters long.']);
    await user.click(screen.getByLabelText('Company name'));
    await user.paste('x'.repeat(256));
    await user.click(create);
    expect(alerts()).toEqual(['Name must be no longer than 255 characters.']);
    expect(api.sent(companyContracts.create)).toEqual([]);
  });

  it('creates a company with the name and the demo choice, holding the button while it waits', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(companyContracts.create, async () => {
        await answer.promise;
        return { status: 201, body: company({ id: 12, name: 'Corner Bakery', demo: true }) };
      }),
    );
    await user.type(await screen.findByLabelText('Company name'), 'Corner Bakery');
    await user.click(screen.getByLabelText('Start as a demo company'));
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(api.bodies(companyContracts.create)).toEqual([{ name: 'Corner Bakery', demo: true }]);
    expect(screen.getByRole('button', { name: 'Create company' })).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('Corner Bakery has been created.')).toBeTruthy();
  });

  it('says an invite needs a valid email, and sends nothing', async () => {
    const { user, api } = open();
    const send = await screen.findByRole('button', { name: 'Send invite' });
    await user.click(send);
    expect(alerts()).toEqual(['Email field is required.']);
    await user.type(screen.getByLabelText('Invite a user by email'), 'teammate');
    await user.click(send);
    expect(alerts()).toEqual(['Email is not valid.']);
    expect(api.sent(companyContracts.invite)).toEqual([]);
  });

  it('invites by email with the chosen role, holds Send while it waits, and shows a refusal', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(companyContracts.invite, async () => {
        await answer.promise;
        return { status: 201 as const, body: { id: 3, email: 'bob@example.com', role: 'client' as const } };
      }),
    );
    await user.type(await screen.findByLabelText('Invite a user by email'), 'bob@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'client');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    const [sent] = api.sent(companyContracts.invite);
    expect(sent?.path).toBe('/api/company/11/invite');
    expect(sent?.body).toEqual({ email: 'bob@example.com', role: 'client' });
    expect(screen.getByRole('button', { name: 'Send invite' })).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('Invite sent to bob@example.com.')).toBeTruthy();

    api.on(companyContracts.invite, failure(409, 'This user is already a member.'));
    await user.type(screen.getByLabelText('Invite a user by email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText('This user is already a member.')).toBeTruthy();
  });

  it('lists users and pending invites, and says when there are none', async () => {
    open((api) =>
      api.on(
        companyContracts.list,
        ok([
          company({ invites: [{ id: 5, email: 'pending@example.com', role: 'manager' }] }),
          company({ id: 12, name: 'Second', users: [] }),
        ]),
      ),
    );
    const invite = (await screen.findByText('pending@example.com')).closest('li');
    expect(invite?.textContent).toContain('Invited as manager, waiting to accept');
    expect(screen.getByText('No users yet.')).toBeTruthy();
    expect(screen.getByText('No pending invites.')).toBeTruthy();
  });
});
