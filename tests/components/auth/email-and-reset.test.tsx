import { authContracts } from '@shared/contracts/auth';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ForgotPasswordRoute from '@/features/auth/routes/forgot-password';
import ResendVerificationRoute from '@/features/auth/routes/resend-verification';
import ResetPasswordRoute from '@/features/auth/routes/reset-password';
import { failure, held, ok } from '../support/fake-api';
import { signedOut } from '../support/fixtures';
import { currentLocation, renderPage, type RenderOptions } from '../support/render';

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('the forgot-password form', () => {
  it("says 'Email is not valid.' for an empty or malformed email, and sends nothing", async () => {
    const { user, api } = renderPage(<ForgotPasswordRoute />, { answers: signedOut });
    const submit = screen.getByRole('button', { name: 'Send reset instructions' });
    await user.click(submit);
    expect(alerts()).toEqual(['Email is not valid.']);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(submit);
    expect(alerts()).toEqual(['Email is not valid.']);
    expect(api.sent(authContracts.requestReset)).toEqual([]);
  });

  it('sends the email and shows success only once 5 seconds have passed, the button held until then', async () => {
    const { user, api } = renderPage(<ForgotPasswordRoute />, {
      fakeTimers: true,
      answers: (api) => {
        signedOut(api);
        api.on(authContracts.requestReset, ok({ message: '' }));
      },
    });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset instructions' }));
    expect(api.bodies(authContracts.requestReset)).toEqual([{ email: 'ada@example.com' }]);
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(screen.getByRole('button', { name: 'Send reset instructions' })).toHaveProperty('disabled', true);
    expect(screen.queryByText('Check your inbox')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByText('Check your inbox')).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    const { user } = renderPage(<ForgotPasswordRoute />, {
      answers: (api) => {
        signedOut(api);
        api.on(authContracts.requestReset, failure(429, 'Too many attempts. Please wait a minute and try again.'));
      },
    });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset instructions' }));
    expect(await screen.findByText('Too many attempts. Please wait a minute and try again.')).toBeTruthy();
  });
});

describe('the resend-verification form', () => {
  it("says 'Please provide a valid email' and sends nothing while the email is not one", async () => {
    const { user, api } = renderPage(<ResendVerificationRoute />, { answers: signedOut });
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(alerts()).toEqual(['Please provide a valid email']);
    expect(api.sent(authContracts.resendVerify)).toEqual([]);
  });

  it('sends the email, holds the button while waiting, and says the link is on its way', async () => {
    const answer = held();
    const { user, api } = renderPage(<ResendVerificationRoute />, {
      answers: (api) => {
        signedOut(api);
        api.on(authContracts.resendVerify, async () => {
          await answer.promise;
          return ok({ message: '' });
        });
      },
    });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(api.bodies(authContracts.resendVerify)).toEqual([{ email: 'ada@example.com' }]);
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('A new verification link is on its way.')).toBeTruthy();
  });

  it('puts a 422 on the email field', async () => {
    const { user } = renderPage(<ResendVerificationRoute />, {
      answers: (api) => {
        signedOut(api);
        api.on(
          authContracts.resendVerify,
          failure(422, 'Some fields are not valid.', [{ path: 'email', message: 'Please provide a valid email' }]),
        );
      },
    });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please provide a valid email');
  });
});

describe('the reset-password form', () => {
  const open = (answers?: RenderOptions['answers']) =>
    renderPage(<ResetPasswordRoute />, {
      path: '/auth/forgot-password/:id/:token',
      url: '/auth/forgot-password/42/secret-token',
      answers: (api) => {
        signedOut(api);
        answers?.(api);
      },
    });
  const submit = () => screen.getByRole('button', { name: 'Change password' });

  it('says the password is required and at least 8 characters, and sends nothing', async () => {
    const { user, api } = open();
    await user.click(submit());
    expect(alerts()).toEqual(['Password field is required.']);
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(submit());
    expect(alerts()).toEqual(['Password should be minimum 8 chars']);
    expect(api.sent(authContracts.consumeReset)).toEqual([]);
  });

  it("sends the link's id and token with the password, holds the button, then signs in", async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(authContracts.consumeReset, async () => {
        await answer.promise;
        return ok({ message: '' });
      }),
    );
    await user.type(screen.getByLabelText('New password'), 'a new long password');
    await user.click(screen.getByLabelText('Also revoke the API keys I made'));
    await user.click(submit());
    expect(api.bodies(authContracts.consumeReset)).toEqual([
      { id: 42, token: 'secret-token', password: 'a new long password', revokeApiKeys: true },
    ]);
    expect(submit()).toHaveProperty('disabled', true);
    answer.release();
    expect(await currentLocation()).toBe('/auth');
  });

  it("shows an expired link's refusal with a way to ask for a new one", async () => {
    const { user } = open((api) => api.on(authContracts.consumeReset, failure(400, 'This reset link has expired.')));
    await user.type(screen.getByLabelText('New password'), 'a new long password');
    await user.click(submit());
    expect(await screen.findByText('This reset link has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth/forgot-password');
  });
});
