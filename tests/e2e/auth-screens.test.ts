import { describe, expect, it } from 'vitest';
import { openSession } from './browser';
import { useBrowser } from './support';

describe('forgot, reset and resend screens', () => {
  const browser = useBrowser();

  it('forgot password validates, then shows success only after at least 5 seconds', async () => {
    const { page, context, url } = await openSession(browser());
    await page.goto(url('/auth/forgot-password'));
    await page.getByRole('button', { name: 'Send reset instructions' }).click();
    await page.getByText('Email is not valid.', { exact: true }).waitFor();

    await page.getByLabel('Email').fill('nobody@example.com');
    const submitted = Date.now();
    await page.getByRole('button', { name: 'Send reset instructions' }).click();
    await page.getByText('Check your inbox').waitFor({ timeout: 15_000 });
    expect(Date.now() - submitted).toBeGreaterThanOrEqual(5000);
    await context.close();
  });

  it('a bad reset link answers with an error and a way to ask again', async () => {
    const { page, context, url } = await openSession(browser());
    await page.goto(url('/auth/forgot-password/999999/not-a-token'));
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password field is required.', { exact: true }).waitFor();
    await page.getByLabel('New password').fill('a brand new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.locator('.alert--error').waitFor();
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    await context.close();
  });

  it('resend verification uses its own sentence and confirms', async () => {
    const { page, context, url } = await openSession(browser());
    await page.goto(url('/auth/verify'));
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await page.getByText('Please provide a valid email', { exact: true }).waitFor();
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await page.locator('.alert--success').waitFor();
    await context.close();
  });
});
