import { describe, expect, it } from 'vitest';
import { PASSWORD, TestClient, linkIn, signedInUser, uniqueEmail, waitForMail } from '../support/api-client';

const validSignUp = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  password: PASSWORD,
  subscribed: true,
  accept_terms: true,
});

const messagesOf = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));

describe('sign up', () => {
  it('refuses missing fields with the spec messages', async () => {
    const res = await new TestClient().post('/api/auth/register', {});
    expect(res.status).toBe(422);
    expect(messagesOf(res.body)).toEqual({
      firstName: 'First Name is required.',
      lastName: 'Last Name is required.',
      email: 'Email field is required.',
      password: 'Password field is required.',
      accept_terms: 'You must accept the terms and conditions',
    });
  });

  it('refuses wrong types, a bad email, a short password and unaccepted terms', async () => {
    const client = new TestClient();
    const res = await client.post('/api/auth/register', {
      firstName: 42,
      lastName: 'X',
      email: 'not-an-email',
      password: 'short',
      subscribed: 'yes',
      accept_terms: false,
    });
    expect(res.status).toBe(422);
    const errors = messagesOf(res.body);
    expect(errors.firstName).toBe('First Name is required.');
    expect(errors.email).toBe('Email is not valid.');
    expect(errors.password).toBe('Password should be minimum 8 chars');
    expect(errors.accept_terms).toBe('You must accept the terms and conditions');
    expect(errors.subscribed).toBeTruthy();
  });

  it('a duplicate email is a 409 on the email field, and no second mail is sent', async () => {
    const client = new TestClient();
    const email = uniqueEmail('dup');
    expect((await client.post('/api/auth/register', validSignUp(email))).status).toBe(201);
    const again = await client.post('/api/auth/register', { ...validSignUp(email.toUpperCase()) });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ path: 'email' });
    const mailbox = await client.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(mailbox.body.messages).toHaveLength(1);
  });
});

describe('verification and sign in', () => {
  it('signs in only after the mailed link verifies the address; the link works once', async () => {
    const client = new TestClient();
    const email = uniqueEmail('verify');
    await client.post('/api/auth/register', validSignUp(email));

    const early = await client.post('/api/auth/login', { email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('EMAIL_NOT_VERIFIED');

    const mail = await waitForMail(email, /Verify your email/);
    expect(mail.html).toContain('href="http');
    const link = linkIn(mail);
    expect(link.pathname).toBe('/auth');
    const body = { code: link.searchParams.get('code'), id: Number(link.searchParams.get('id')) };

    expect((await client.post('/api/auth/verify', { ...body, code: 'wrong' })).status).toBe(400);
    expect((await client.post('/api/auth/verify', body)).status).toBe(200);
    // A reused link answers as a wrong one (an id's state is nobody's business); the account stays verified.
    const reused = await client.post('/api/auth/verify', body);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('This verification link is invalid or has expired. Ask for a new one below.');

    const login = await client.post('/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.profile).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace', subscribed: true });
    expect(typeof login.body.companyId).toBe('number');
    expect((await client.get('/api/auth/profile')).status).toBe(200);
  });

  it('verify refuses a malformed link and an unknown user', async () => {
    const client = new TestClient();
    expect((await client.post('/api/auth/verify', {})).status).toBe(422);
    expect((await client.post('/api/auth/verify', { code: 'x', id: 'abc' })).status).toBe(422);
    expect((await client.post('/api/auth/verify', { code: 'x', id: 99999999 })).status).toBe(400);
  });

  it('resend-verify sends a new working link and answers the same for unknown emails', async () => {
    const client = new TestClient();
    const email = uniqueEmail('resend');
    await client.post('/api/auth/register', validSignUp(email));
    const bad = await client.post('/api/auth/resend-verify', { email: 'nope' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].message).toBe('Please provide a valid email');
    const unknown = await client.post('/api/auth/resend-verify', { email: uniqueEmail('ghost') });
    const known = await client.post('/api/auth/resend-verify', { email });
    expect(known.status).toBe(200);
    expect(unknown.body.message).toBe(known.body.message);
    const mails = (await client.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).body.messages;
    expect(mails).toHaveLength(2);
    const newest = linkIn(mails[0]);
    expect(
      (
        await client.post('/api/auth/verify', {
          code: newest.searchParams.get('code'),
          id: Number(newest.searchParams.get('id')),
        })
      ).status,
    ).toBe(200);
  });

  it('wrong credentials are a 401 with one message for unknown email and wrong password', async () => {
    const { email } = await signedInUser('creds');
    const client = new TestClient();
    const wrong = await client.post('/api/auth/login', { email, password: 'wrong-password' });
    const unknown = await client.post('/api/auth/login', { email: uniqueEmail('ghost'), password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    const missing = await client.post('/api/auth/login', {});
    expect(missing.status).toBe(422);
    expect(messagesOf(missing.body)).toEqual({
      email: 'Email field is required.',
      password: 'Password field is required.',
    });
  });

  it('rate-limits login attempts per email and client with a 429', async () => {
    const { email } = await signedInUser('ratelimit');
    const client = new TestClient();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await client.post('/api/auth/login', { email, password: 'wrong-password' })).status);
    // The sign-in that set the user up, from this same client, was attempt 1 of this email's 10.
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(statuses.slice(9)).toEqual([429, 429, 429]);
    const limited = await client.post('/api/auth/login', { email, password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many attempts/);
  });
});

describe('sessions', () => {
  it('logout deletes the session: the old cookie is refused afterwards', async () => {
    const { client } = await signedInUser('logout');
    const stolen = client.cookies.get('sid')!;
    expect((await client.post('/api/auth/logout')).status).toBe(204);
    expect(client.cookies.has('sid')).toBe(false);
    const replay = new TestClient();
    replay.cookies.set('sid', stolen);
    expect((await replay.get('/api/auth/profile')).status).toBe(401);
  });

  it('a forged or absent session cookie is a 401', async () => {
    const client = new TestClient();
    expect((await client.get('/api/auth/profile')).status).toBe(401);
    client.cookies.set('sid', 'forged-token');
    expect((await client.get('/api/auth/profile')).status).toBe(401);
  });

  it('the session cookie is HttpOnly and SameSite=Lax', async () => {
    const client = new TestClient();
    const email = uniqueEmail('cookieflags');
    await client.post('/api/auth/register', validSignUp(email));
    const link = linkIn(await waitForMail(email, /Verify/));
    await client.post('/api/auth/verify', {
      code: link.searchParams.get('code'),
      id: Number(link.searchParams.get('id')),
    });
    const res = await client.post('/api/auth/login', { email, password: PASSWORD });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(sid).toMatch(/HttpOnly/);
    expect(sid).toMatch(/SameSite=Lax/);
    expect(sid).not.toMatch(/Secure/); // plain-http localhost
    const company = res.headers.getSetCookie().find((c) => c.startsWith('COMPANY_ID='))!;
    expect(company).toMatch(/Path=\//);
    expect(company).not.toMatch(/HttpOnly/);
  });
});

describe('profile', () => {
  it('reads and edits the profile with the spec validation', async () => {
    const { client } = await signedInUser('profile');
    const bad = await client.patch('/api/auth/profile', { firstName: '', lastName: 'A', subscribed: 'no' });
    expect(bad.status).toBe(422);
    const errors = messagesOf(bad.body);
    expect(errors.firstName).toBe('First Name field is required.');
    expect(errors.lastName).toBe('Must be at least 2 characters long.');
    expect(errors.subscribed).toBeTruthy();
    const ok = await client.patch('/api/auth/profile', { firstName: 'Grace', lastName: 'Hopper', subscribed: true });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', subscribed: true });
    expect((await client.get('/api/auth/profile')).body).toMatchObject({ firstName: 'Grace', subscribed: true });
  });

  it('changes the password: wrong current, mismatched repeat and short new are refused', async () => {
    const { client, email } = await signedInUser('chpw');
    const missing = await client.patch('/api/auth/change-password', {});
    expect(messagesOf(missing.body)).toEqual({
      currentPassword: 'Password field is required.',
      newPassword: 'New Password field is required.',
      repeatPassword: 'Confirm Password field is required.',
    });
    const short = await client.patch('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'short',
      repeatPassword: 'short',
    });
    expect(messagesOf(short.body).newPassword).toBe('Must be at least 8 characters long.');
    const mismatch = await client.patch('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'new password 1',
      repeatPassword: 'new password 2',
    });
    expect(mismatch.status).toBe(422);
    expect(messagesOf(mismatch.body).repeatPassword).toBe('Passwords must match!');
    const wrong = await client.patch('/api/auth/change-password', {
      currentPassword: 'not the password',
      newPassword: 'new password 1',
      repeatPassword: 'new password 1',
    });
    expect(wrong.status).toBe(422);
    expect(messagesOf(wrong.body).currentPassword).toBe('Current password is incorrect.');

    const ok = await client.patch('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'new password 1',
      repeatPassword: 'new password 1',
    });
    expect(ok.status).toBe(200);
    expect((await client.get('/api/auth/profile')).status).toBe(200);
    const fresh = new TestClient();
    expect((await fresh.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await fresh.post('/api/auth/login', { email, password: 'new password 1' })).status).toBe(200);
  });
});

describe('password reset', () => {
  it('mails a single-use link, answers alike for unknown emails, and ends old sessions', async () => {
    const { client: oldSession, email } = await signedInUser('reset');
    const anon = new TestClient();
    expect((await anon.post('/api/auth/request-reset', { email: 'bad' })).body.errors[0].message).toBe(
      'Email is not valid.',
    );
    const known = await anon.post('/api/auth/request-reset', { email });
    const unknown = await anon.post('/api/auth/request-reset', { email: uniqueEmail('ghost') });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);

    const link = linkIn(await waitForMail(email, /Reset your password/));
    const [, , , id, token] = link.pathname.split('/');
    expect(link.pathname).toMatch(/^\/auth\/forgot-password\/\d+\/[\w-]+$/);

    const short = await anon.post('/api/auth/consume-reset', { id: Number(id), token, password: 'short' });
    expect(messagesOf(short.body).password).toBe('Password should be minimum 8 chars');
    expect(
      (await anon.post('/api/auth/consume-reset', { id: Number(id), token: 'wrong', password: 'brand new pass' }))
        .status,
    ).toBe(400);
    expect((await anon.post('/api/auth/consume-reset', { id: 'x', token, password: 'brand new pass' })).status).toBe(
      422,
    );

    const ok = await anon.post('/api/auth/consume-reset', { id: Number(id), token, password: 'brand new pass' });
    expect(ok.status).toBe(200);
    const reused = await anon.post('/api/auth/consume-reset', { id: Number(id), token, password: 'another pass 1' });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toMatch(/invalid, expired or already used/);

    expect((await oldSession.get('/api/auth/profile')).status).toBe(401);
    expect((await anon.post('/api/auth/login', { email, password: 'brand new pass' })).status).toBe(200);
  });
});

describe('invitation lookup', () => {
  it('answers 404 for an unknown token and 422 without one', async () => {
    const client = new TestClient();
    expect((await client.get('/api/auth/invitation?token=nope')).status).toBe(404);
    expect((await client.get('/api/auth/invitation')).status).toBe(422);
  });
});
