import { authContracts } from '@shared/contracts/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SignUpRoute from '@/features/auth/routes/sign-up';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { signedOut } from '../support/fixtures';
import { currentLocation, renderPage } from '../support/render';

const open = (url = '/auth/register', answers?: (api: FakeApi) => void) =>
  renderPage(<SignUpRoute />, {
    path: '/auth/register',
    url,
    answers: (api) => {
      signedOut(api);
      answers?.(api);
    },
  });
const submit = () => screen.getByRole('button', { name: 'Create account' });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

async function fill(user: ReturnType<typeof open>['user']) {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByLabelText(/I accept the/));
}

describe('the sign-up form', () => {
  it('says every required field is missing and that the terms must be accepted, and sends nothing', async () => {
    const { user, api } = open();
    await user.click(submit());
    expect(alerts()).toEqual([
      'First Name is required.',
      'Last Name is required.',
      'Email field is required.',
      'Password field is required.',
      'You must accept the terms and conditions',
    ]);
    expect(api.sent(authContracts.register)).toEqual([]);
  });

  it('says a malformed email is not valid and a short password is too short', async () => {
    const { user } = open();
    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.type(screen.getByLabelText('Password'), '1234567');
    await user.click(submit());
    expect(alerts()).toContain('Email is not valid.');
    expect(alerts()).toContain('Password should be minimum 8 chars');
  });

  it('sends the spec payload, holds the button while waiting, then goes to sign in with the email', async () => {
    const answer = held();
    const { user, api } = open('/auth/register', (api) =>
      api.on(authContracts.register, async () => {
        await answer.promise;
        return { status: 201, body: { verified: false, message: 'Check your email.' } };
      }),
    );
    await fill(user);
    await user.click(screen.getByLabelText('Subscribe to our weekly newsletter'));
    await user.click(submit());
    expect(api.bodies(authContracts.register)).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        password: 'correct horse',
        subscribed: true,
        accept_terms: true,
      },
    ]);
    expect(submit()).toHaveProperty('disabled', true);
    answer.release();
    expect(await currentLocation()).toBe('/auth');
  });

  it("shows a 422 against the field, and any other refusal as the server's sentence", async () => {
    const { user, api } = open('/auth/register', (api) =>
      api.on(
        authContracts.register,
        failure(422, 'Some fields are not valid.', [{ path: 'email', message: 'This email is already registered.' }]),
      ),
    );
    await fill(user);
    await user.click(submit());
    expect(await screen.findByText('This email is already registered.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    api.on(authContracts.register, failure(429, 'Too many attempts. Please wait a minute and try again.'));
    await user.click(submit());
    expect(await screen.findByText('Too many attempts. Please wait a minute and try again.')).toBeTruthy();
  });

  it("starts an invite's form with the invited address and sends the token", async () => {
    const { user, api } = open('/auth/register?inviteToken=tok-9', (api) =>
      api
        .on(authContracts.invitation, ok({ companyName: 'Engines', companyID: 11, email: 'ada@example.com' }))
        .on(authContracts.register, { status: 201, body: { verified: true, message: '' } }),
    );
    const email = await screen.findByLabelText('Email');
    expect((email as HTMLInputElement).value).toBe('ada@example.com');
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByLabelText(/I accept the/));
    await user.click(submit());
    expect(api.bodies(authContracts.register)).toMatchObject([{ email: 'ada@example.com', inviteToken: 'tok-9' }]);
    expect(await currentLocation()).toBe('/auth?inviteToken=tok-9');
  });
});
