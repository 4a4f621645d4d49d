import { describe, expect, it } from 'vitest';
import { openSession } from './browser';
import { useBrowser } from './support';

const REQUIRED = [
  'First Name is required.',
  'Last Name is required.',
  'Email field is required.',
  'Password field is required.',
  'You must accept the terms and conditions',
];

describe('sign-up form validation', () => {
  const browser = useBrowser();

  it('shows nothing before submit, then the spec messages for every empty field', async () => {
    const { page, context, url } = await openSession(browser());
    await page.goto(url('/auth/register'));
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    // Touching and leaving a field does not validate (on submit only).
    await page.getByLabel('First name').focus();
    await page.getByLabel('Last name').focus();
    for (const message of REQUIRED) expect(await page.getByText(message, { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Create account' }).click();
    for (const message of REQUIRED) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    // One message per field.
    expect(await page.locator('.field__error').count()).toBe(REQUIRED.length);
    await context.close();
  });

  it('shows the password length rule and keeps the terms link', async () => {
    const { page, context, url } = await openSession(browser());
    await page.goto(url('/auth/register'));
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Password should be minimum 8 chars', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/terms.html');
    await context.close();
  });
});
