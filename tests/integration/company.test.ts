import { describe, expect, it } from 'vitest';
import { TestClient, linkIn, signedInUser, uniqueEmail, waitForMail, PASSWORD } from '../support/api-client';

const messagesOf = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));

describe('companies', () => {
  it('a new user starts with one unnamed company, selected at sign-in', async () => {
    const { client, companyId, profile } = await signedInUser('first');
    const list = await client.get('/api/company');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: companyId, name: '', onboarded: false, demo: false, invites: [] });
    // Who makes a company is its admin.
    expect(list.body[0].users).toEqual([
      { id: profile.id, firstName: 'Test', lastName: 'first', email: profile.email, role: 'admin' },
    ]);
  });

  it('creates a company with a numeric id; names of 2 and 256 characters are refused', async () => {
    const { client } = await signedInUser('create');
    const short = await client.post('/api/company', { name: 'ab' });
    expect(short.status).toBe(422);
    expect(short.body.errors[0]).toEqual({ path: 'name', message: 'Name must be at least 3 characters long.' });
    const long = await client.post('/api/company', { name: 'x'.repeat(256) });
    expect(long.body.errors[0]).toEqual({ path: 'name', message: 'Name must be no longer than 255 characters.' });
    expect((await client.post('/api/company', {})).status).toBe(422);
    const ok = await client.post('/api/company', { name: 'Acme Bakery' });
    expect(ok.status).toBe(201);
    expect(typeof ok.body.id).toBe('number');
    expect((await client.get('/api/company')).body.map((c: { name: string }) => c.name)).toContain('Acme Bakery');
  });

  it('refuses to delete the selected company with the spec message, deletes another', async () => {
    const { client, companyId } = await signedInUser('delete');
    const selected = await client.delete(`/api/company/${companyId}`);
    expect(selected.status).toBe(409);
    expect(selected.body.message).toBe(
      'Cannot delete selected company. Please select a different one before deleting.',
    );
    const other = (await client.post('/api/company', { name: 'Second Shop' })).body;
    expect((await client.delete(`/api/company/${other.id}`)).status).toBe(204);
    expect((await client.get('/api/company')).body).toHaveLength(1);
    expect((await client.delete(`/api/company/${other.id}`)).status).toBe(404);
    expect((await client.delete('/api/company/not-a-number')).status).toBe(404);
  });

  it('updates company info with normalised website and trimmed locations', async () => {
    const { client } = await signedInUser('info');
    const res = await client.patch('/api/company/company', {
      name: 'Blue Door Cafe',
      website: 'bluedoor.example.com',
      goal: 'CUSTOMER_INCREASE',
      tone: 'Warm',
      voice: 'Friendly',
      description:
        'A neighbourhood cafe serving breakfast, specialty coffee and fresh pastries since 2012 in the old town.',
      customers: 'Locals and remote workers',
      why: 'More weekday visits',
      locations: ['  Lisbon ', 'Porto'],
      current_revenue: 120000,
      suggested_budget: 500,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Blue Door Cafe',
      website: 'https://bluedoor.example.com',
      goal: 'CUSTOMER_INCREASE',
      locations: ['Lisbon', 'Porto'],
      current_revenue: 120000,
    });
  });

  it('refuses bad company info with the spec messages', async () => {
    const { client } = await signedInUser('badinfo');
    const res = await client.patch('/api/company/company', {
      name: 'ab',
      website: 'ftp://x',
      goal: 'GET_RICH',
      current_revenue: -1,
      suggested_budget: 1.5,
      locations: ['Lisbon', ' a '],
      description: 'too short',
    });
    expect(res.status).toBe(422);
    const errors = messagesOf(res.body);
    expect(errors).toMatchObject({
      name: 'Name must be at least 3 characters long.',
      website: 'Enter a valid website address',
      goal: 'Please select a valid goal',
      current_revenue: 'Current revenue must not be negative.',
      suggested_budget: 'Suggested budget must be an integer.',
      'locations.1': 'Location must be at least 2 characters long.',
    });
    expect(errors.description).toMatch(/at least 80/);
    const revenueType = await client.patch('/api/company/company', { current_revenue: 'lots' });
    expect(messagesOf(revenueType.body).current_revenue).toBe('Current revenue must be an integer.');
    const notAUrl = await client.patch('/api/company/company', { website: 'not a url' });
    expect(messagesOf(notAUrl.body).website).toBe('Enter a valid URL address');
  });

  it('company info needs a selected company the user belongs to', async () => {
    const { client } = await signedInUser('nocookie');
    client.cookies.delete('COMPANY_ID');
    expect((await client.patch('/api/company/company', { name: 'Nope Inc' })).status).toBe(403);
    expect((await new TestClient().patch('/api/company/company', { name: 'Nope Inc' })).status).toBe(401);
  });
});

describe('invites', () => {
  it('invite, sign up through the link, accept, lose access when removed', async () => {
    const a = await signedInUser('owner');
    await a.client.patch('/api/company/company', { name: 'Owner Studio' });
    const bEmail = uniqueEmail('invitee');

    expect((await a.client.post(`/api/company/${a.companyId}/invite`, { email: 'nope' })).status).toBe(422);
    const invite = await a.client.post(`/api/company/${a.companyId}/invite`, { email: bEmail });
    expect(invite.status).toBe(201);
    expect(invite.body).toMatchObject({ id: expect.any(Number), email: bEmail });

    const mail = await waitForMail(bEmail, /invited to join Owner Studio/);
    const link = linkIn(mail);
    expect(link.pathname).toMatch(/^\/auth\/invite\/[\w-]+$/);
    const token = link.pathname.split('/').pop()!;

    const lookup = await new TestClient().get(`/api/auth/invitation?token=${token}`);
    expect(lookup.body).toMatchObject({ companyName: 'Owner Studio', companyID: a.companyId });

    const listed = (await a.client.get('/api/company')).body.find((c: { id: number }) => c.id === a.companyId);
    expect(listed.invites).toEqual([{ id: invite.body.id, email: bEmail, role: 'manager' }]);

    // Signing up with the invite token for the invited address needs no mail verification.
    const b = new TestClient();
    const reg = await b.post('/api/auth/register', {
      firstName: 'Bea',
      lastName: 'Invitee',
      email: bEmail,
      password: PASSWORD,
      subscribed: false,
      accept_terms: true,
      inviteToken: token,
    });
    expect(reg.status).toBe(201);
    expect(reg.body.verified).toBe(true);
    const login = await b.post('/api/auth/login', { email: bEmail, password: PASSWORD, inviteToken: token });
    expect(login.status).toBe(200);
    expect(login.body.companyId).toBe(a.companyId);
    expect(b.cookies.get('COMPANY_ID')).toBe(String(a.companyId));
    expect((await b.get('/api/company')).body.map((c: { id: number }) => c.id)).toEqual([a.companyId]);

    // The token is single-use.
    const again = await b.post(`/api/company/${a.companyId}/accept-invite`, { token });
    expect(again.status).toBe(404);

    const bId = login.body.profile.id;
    expect((await b.patch('/api/company/company', { tone: 'Playful' })).status).toBe(200);
    expect((await a.client.delete(`/api/company/${a.companyId}/users/${bId}`)).status).toBe(204);
    expect((await b.patch('/api/company/company', { tone: 'Sneaky' })).status).toBe(403);
    const left = (await b.get('/api/company')).body;
    expect(left).toHaveLength(1); // a fresh company of B's own: never left with none
    expect(left[0].id).not.toBe(a.companyId);
    expect((await a.client.delete(`/api/company/${a.companyId}/users/${bId}`)).status).toBe(404);
  });

  it('accept-invite: signed-in user accepts by token; other emails and bad tokens are refused', async () => {
    const a = await signedInUser('owner2');
    const c = await signedInUser('invitee2');
    const stranger = await signedInUser('stranger');
    await a.client.post(`/api/company/${a.companyId}/invite`, { email: c.email });
    const token = linkIn(await waitForMail(c.email, /invited/))
      .pathname.split('/')
      .pop()!;

    expect((await c.client.post(`/api/company/${a.companyId}/accept-invite`, {})).status).toBe(422);
    expect((await c.client.post(`/api/company/${a.companyId}/accept-invite`, { token: 'bogus' })).status).toBe(404);
    expect((await c.client.post(`/api/company/${c.companyId}/accept-invite`, { token })).status).toBe(404);
    const wrongPerson = await stranger.client.post(`/api/company/${a.companyId}/accept-invite`, { token });
    expect(wrongPerson.status).toBe(409);
    expect(wrongPerson.body.message).toContain(c.email);

    const ok = await c.client.post(`/api/company/${a.companyId}/accept-invite`, { token });
    expect(ok.status).toBe(200);
    expect(ok.body.id).toBe(a.companyId);
    expect(ok.body.users.map((u: { email: string }) => u.email)).toContain(c.email);
  });

  it('revokes an invite: its link stops working', async () => {
    const a = await signedInUser('revoker');
    const email = uniqueEmail('revoked');
    const invite = (await a.client.post(`/api/company/${a.companyId}/invite`, { email })).body;
    const token = linkIn(await waitForMail(email, /invited/))
      .pathname.split('/')
      .pop()!;
    expect((await a.client.delete(`/api/company/${a.companyId}/invite/${invite.id}`)).status).toBe(204);
    expect((await a.client.delete(`/api/company/${a.companyId}/invite/${invite.id}`)).status).toBe(404);
    expect((await new TestClient().get(`/api/auth/invitation?token=${token}`)).status).toBe(404);
  });

  it('inviting an existing member is a 409; the last member cannot be removed', async () => {
    const a = await signedInUser('solo');
    const res = await a.client.post(`/api/company/${a.companyId}/invite`, { email: a.email });
    expect(res.status).toBe(409);
    expect((await a.client.delete(`/api/company/${a.companyId}/users/${a.profile.id}`)).status).toBe(409);
  });
});

describe('demo companies', () => {
  it('recreate resets a demo company and is refused for a normal one', async () => {
    const a = await signedInUser('demo');
    expect((await a.client.post('/api/company/recreate')).status).toBe(409);
    const demo = (await a.client.post('/api/company', { name: 'Demo Shop', demo: true })).body;
    expect(demo.demo).toBe(true);
    a.client.cookies.set('COMPANY_ID', String(demo.id));
    await a.client.patch('/api/company/company', { tone: 'Bold and bright' });
    expect((await a.client.post('/api/company/recreate')).status).toBe(204);
    const after = (await a.client.get('/api/company')).body.find((c: { id: number }) => c.id === demo.id);
    expect(after).toMatchObject({ name: 'Demo Shop', tone: '', demo: true });
  });
});
