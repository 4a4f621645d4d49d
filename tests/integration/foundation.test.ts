import { describe, expect, it } from 'vitest';
import { TestClient, signedInUser } from '../support/api-client';

describe('foundation: the embedded runtime speaks JSON and the spec error shapes', () => {
  const anon = new TestClient();

  it('GET /api/metadata answers the feature flags from configuration', async () => {
    const res = await anon.get('/api/metadata');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
    expect(res.body.featureFlags).toEqual({
      GoogleMyBusinessIntegration: true,
      GoogleSearchConsole: true,
      LocalBusinessListing: true,
    });
  });

  it.each([
    ['POST', '/api/auth/login'],
    ['POST', '/api/auth/register'],
    ['PATCH', '/api/company/company'],
    ['POST', '/api/metadata'],
    ['POST', '/api/company/1/invite'],
  ])('malformed JSON to %s %s is a 400 with a JSON message', async (method, path) => {
    const res = await anon.request(method, path, undefined, {
      rawBody: '{"email": "a@b.c",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'The request body is not valid JSON.' });
  });

  it('an unknown area and an unknown route in a known area are 404 JSON', async () => {
    for (const path of ['/api/x', '/api/x/y/z', '/api/metadata/nope', '/api']) {
      const res = await anon.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toMatchObject({ message: 'Not Found' });
    }
  });

  it('GET /api/lrp/{uuid}: 401 signed out, 404 for a job that does not exist', async () => {
    expect((await anon.get('/api/lrp/00000000-0000-0000-0000-000000000000')).status).toBe(401);
    const { client } = await signedInUser('lrp');
    const res = await client.get('/api/lrp/00000000-0000-0000-0000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Not Found');
  });

  it('refuses a state-changing request from a foreign Origin, accepts our own', async () => {
    const evil = await anon.request(
      'POST',
      '/api/auth/login',
      { email: 'a@b.co', password: 'x' },
      {
        headers: { origin: 'https://evil.example' },
      },
    );
    expect(evil.status).toBe(403);
    const ours = await anon.request(
      'POST',
      '/api/auth/login',
      { email: 'nobody@example.com', password: 'whatever1' },
      {
        headers: { origin: anon.baseUrl },
      },
    );
    expect(ours.status).toBe(401);
  });

  it('serves the SPA for client-side routes and keeps /api answers JSON', async () => {
    const res = await fetch(`${anon.baseUrl}/definitely-not-a-page`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/<div id="root">/);
  });

  it('round-trips several cookies and repeated query parameters through the API Gateway event', async () => {
    const { client, companyId, email } = await signedInUser('cookies');
    expect(client.cookies.get('sid')).toBeTruthy();
    expect(client.cookies.get('COMPANY_ID')).toBe(String(companyId));
    client.cookies.set('unrelated', 'x=y');
    const profile = await client.get('/api/auth/profile');
    expect(profile.status).toBe(200);
    // Repeated query parameters reach the handler joined by commas, as API Gateway joins them:
    // neither value alone (which would list this user's verification mail) but both.
    const once = await anon.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(once.body.messages.length).toBeGreaterThan(0);
    for (const query of [
      `to=${encodeURIComponent(email)}&to=other@example.com`,
      `to=other@example.com&to=${encodeURIComponent(email)}`,
    ]) {
      const twice = await anon.get(`/api/dev/mailbox?${query}`);
      expect(twice.status, query).toBe(200);
      expect(twice.body.messages, query).toEqual([]);
    }
  });
});
