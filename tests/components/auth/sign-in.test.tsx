import { authContracts } from '@shared/contracts/auth';
import { EMAIL_NOT_VERIFIED } from '@shared/schemas/auth';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SignInRoute from '@/features/auth/routes/sign-in';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { profile, signedOut } from '../support/fixtures';
import { currentLocation, renderPage } from '../support/render';

const open = (url = '/auth', answers?: (api: FakeApi) => void) =>
  renderPage(<SignInRoute />, {
    path: '/auth',
    url,
    answers: (api) => {
      signedOut(api);
      answers?.(api);
    },
  });
const submit = () => screen.getByRole('button', { name: 'Sign in' });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('the sign-in form', () => {
  it('says an empty email and password are required, and sends nothing', async () => {
    const { user, api } = open();
    await user.click(submit());
    expect(alerts()).toEqual(['Email field is required.', 'Password field is required.']);
    expect(api.sent(authContracts.login)).toEqual([]);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('says an email that is not one is not valid, and a short password is too short', async () => {
    const { user, api } = open();
    await user.type(screen.getByLabelText('Email'), 'ada.example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(submit());
    expect(alerts()).toEqual(['Email is not valid.', 'Password should be minimum 8 chars']);
    expect(api.sent(authContracts.login)).toEqual([]);
  });

  it('validates on submit only: typing after a failed submit leaves the messages as they were', async () => {
    const { user } = open();
    await user.click(submit());
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    expect(alerts()).toContain('Email field is required.');
  });

  it('sends the email, password and invite token, holds the button while it waits, then goes home', async () => {
    const { user, api } = open('/auth?inviteToken=tok-1', (api) =>
      api.on(authContracts.invitation, ok({ companyName: 'Engines', companyID: 11, email: 'ada@example.com' })),
    );
    const answer = held();
    api.on(authContracts.login, async () => {
      await answer.promise;
      return ok({ profile: profile(), companyId: 11 });
    });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(submit());
    expect(api.bodies(authContracts.login)).toEqual([
      { email: 'ada@example.com', password: 'correct horse', inviteToken: 'tok-1' },
    ]);
    expect(submit()).toHaveProperty('disabled', true);
    answer.release();
    expect(await currentLocation()).toBe('/');
  });

  it("shows the server's refusal, and for an unverified email the resend link", async () => {
    const { user, api } = open();
    api.on(
      authContracts.login,
      failure(403, 'Please verify your email before signing in.', undefined, EMAIL_NOT_VERIFIED),
    );
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please verify your email before signing in.');
    expect(within(alert).getByRole('link', { name: 'Resend verification email' }).getAttribute('href')).toBe(
      '/auth/verify',
    );
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('puts a 422 on the fields it names, in either of the spec shapes', async () => {
    const { user, api } = open();
    api.on(authContracts.login, failure(422, 'Validation failed', [{ path: 'email', message: 'Email is not valid.' }]));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(submit());
    expect(await screen.findByText('Email is not valid.')).toBeTruthy();
    api.on(authContracts.login, { status: 422, fieldMap: { password: ['Password should be minimum 8 chars'] } });
    await user.click(submit());
    expect(await screen.findByText('Password should be minimum 8 chars')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows a 'message' query param as an error alert", () => {
    open('/auth?message=Your%20link%20has%20expired');
    expect(screen.getByRole('alert').textContent).toBe('Your link has expired');
  });
});
