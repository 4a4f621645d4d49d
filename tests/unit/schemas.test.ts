import { describe, expect, it } from 'vitest';
import { fieldErrorsFrom } from '@shared/schemas/errors';
import { changePasswordSchema, loginSchema, registerSchema } from '@shared/schemas/auth';
import { companyInfoSchema, createCompanySchema } from '@shared/schemas/company';
import { normalizeWebsite } from '@shared/url';

const firstErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  fieldErrorsFrom({
    errors: (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message })),
  });

describe('website rule (spec 01 §5)', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  http://shop.example.co.uk/path/ ', 'http://shop.example.co.uk/path'],
    ['HTTPS://Example.com', 'https://example.com'],
    // A host with a port has no scheme: it gets https:// like any other.
    ['example.com:8080', 'https://example.com:8080'],
    ['shop.example.com:8443/path?q=1', 'https://shop.example.com:8443/path?q=1'],
  ])('normalises %s', (input, url) => expect(normalizeWebsite(input)).toEqual({ ok: true, url }));

  it.each([
    ['ftp://x', 'Enter a valid website address'],
    ['mailto:a@b.c', 'Enter a valid website address'],
    ['javascript:alert(1)', 'Enter a valid website address'],
    ['not a url', 'Enter a valid URL address'],
    ['localhost', 'Enter a valid URL address'],
    // https:// is prepended (not refused as a scheme), then the host is not a public name.
    ['localhost:3000', 'Enter a valid URL address'],
    ['http:80', 'Enter a valid URL address'],
    ['', 'Enter a valid URL address'],
  ])('refuses %s', (input, message) => expect(normalizeWebsite(input)).toEqual({ ok: false, message }));
});

describe('422 shapes', () => {
  it('reads a list of {path, message}', () => {
    expect(
      fieldErrorsFrom({
        errors: [
          { path: 'email', message: 'a' },
          { path: 'email', message: 'b' },
        ],
      }),
    ).toEqual({ email: 'a' });
  });
  it('reads a map of field → messages', () => {
    expect(fieldErrorsFrom({ email: ['Email is not valid.'], name: 'x' })).toEqual({
      email: 'Email is not valid.',
      name: 'x',
    });
    expect(fieldErrorsFrom({ errors: { password: ['short'] } })).toEqual({ password: 'short' });
  });
  it('ignores junk', () => {
    expect(fieldErrorsFrom(null)).toEqual({});
    expect(fieldErrorsFrom('text')).toEqual({});
  });
});

describe('auth schemas report one spec sentence per field', () => {
  it('empty password says required, short says minimum', () => {
    expect(firstErrors(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Email field is required.',
      password: 'Password field is required.',
    });
    const short = registerSchema.safeParse({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      password: 'short',
      accept_terms: true,
    });
    expect(firstErrors(short)).toEqual({ password: 'Password should be minimum 8 chars' });
  });
  it('sign in checks the 8-character minimum like sign up and reset', () => {
    expect(firstErrors(loginSchema.safeParse({ email: 'a@b.co', password: 'short' }))).toEqual({
      password: 'Password should be minimum 8 chars',
    });
    expect(loginSchema.safeParse({ email: 'a@b.co', password: '12345678' }).success).toBe(true);
  });
  it('lower-cases and trims emails', () => {
    const parsed = loginSchema.parse({ email: '  Ada@Example.COM ', password: 'long enough' });
    expect(parsed.email).toBe('ada@example.com');
  });
  it('change password: mismatch is reported on repeatPassword', () => {
    expect(
      firstErrors(
        changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: '12345678', repeatPassword: '123456789' }),
      ),
    ).toEqual({
      repeatPassword: 'Passwords must match!',
    });
  });
});

describe('company schemas', () => {
  it('name bounds', () => {
    expect(createCompanySchema.safeParse({ name: 'abc' }).success).toBe(true);
    expect(createCompanySchema.safeParse({ name: 'x'.repeat(255) }).success).toBe(true);
    expect(firstErrors(createCompanySchema.safeParse({ name: '  ab  ' }))).toEqual({
      name: 'Name must be at least 3 characters long.',
    });
  });
  it('empty optional texts clear a field; set ones keep the bounds', () => {
    expect(companyInfoSchema.parse({ description: '', tone: '' })).toEqual({ description: '', tone: '' });
    expect(firstErrors(companyInfoSchema.safeParse({ tone: 'ab' }))).toEqual({
      tone: 'Marketing tone must be at least 3 characters long.',
    });
  });
  it('revenue and budget are non-negative integers', () => {
    expect(firstErrors(companyInfoSchema.safeParse({ current_revenue: -5, suggested_budget: 2.5 }))).toEqual({
      current_revenue: 'Current revenue must not be negative.',
      suggested_budget: 'Suggested budget must be an integer.',
    });
    expect(companyInfoSchema.parse({ current_revenue: 0 })).toEqual({ current_revenue: 0 });
  });
  it('locations are trimmed, each at least 2 characters, errors per item', () => {
    expect(companyInfoSchema.parse({ locations: [' Lisbon '] })).toEqual({ locations: ['Lisbon'] });
    expect(firstErrors(companyInfoSchema.safeParse({ locations: ['Lisbon', ' x'] }))).toEqual({
      'locations.1': 'Location must be at least 2 characters long.',
    });
  });
});
