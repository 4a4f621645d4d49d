import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../../functions/api/all-routes';
import { AREAS } from '../../functions/api/areas';
import type { RouteDef } from '../../functions/core/http/route';
import { signedInUser, TestClient, uniqueEmail, waitForMail, linkIn } from '../support/api-client';
import { makePaid } from '../support/billing';

/**
 * Routes that are deliberately not company-scoped. Adding a route with `public` or `user`
 * access anywhere else fails this test until it is reviewed and listed here.
 */
const NOT_COMPANY_SCOPED = new Set([
  'POST /api/auth/register',
  'POST /api/auth/verify',
  'POST /api/auth/resend-verify',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/request-reset',
  'POST /api/auth/consume-reset',
  'GET /api/auth/invitation',
  'GET /api/auth/profile',
  'PATCH /api/auth/profile',
  'PATCH /api/auth/change-password',
  'GET /api/auth/oauth/{provider}',
  'GET /api/auth/oauth/{provider}/callback',
  'GET /api/company',
  'POST /api/company',
  // The invite token is the permission; the test below checks a stranger without one.
  'POST /api/company/{id}/accept-invite',
  // Checks the job's company membership itself (tested below).
  'GET /api/lrp/{uuid}',
  'GET /api/metadata',
  // The same price list for everyone; a signed-in user only.
  'GET /api/billing/plans',
  // The payment provider's signed events: the signature is the permission (tests/integration/billing-stripe.test.ts).
  'POST /api/billing/webhook',
  'GET /api/dev/mailbox',
  // The embedded runtime's clock, for tests: no company's data, and absent from AWS.
  'POST /api/dev/clock',
  // A navigation the platform starts: acts only for the signed-in user whose state cookie, user and
  // company match the single-use state (tests/integration/integrations-connect.test.ts).
  'GET /api/integrations/{platform}/callback',
  // The same for WordPress's authorize-application return, Google's (profile and Search Console) and
  // Google My Business's (tests/integration/integrations-wordpress-google.test.ts).
  'GET /api/integrations/wordpress/callback',
  'GET /api/integrations/google/callback',
  'GET /api/business/callback',
  // The sandbox platforms' request log, embedded runtime only, like the dev mailbox.
  'GET /api/integrations/dev/sandbox-requests',
  // A review link's token is the permission, for one post of one company (tests/integration/approvals.test.ts).
  'GET /api/approvals/review/{id}',
  'POST /api/approvals/review/{id}',
  // A guest link's token is the permission, for chosen audit modules of one company (tests/integration/audit-share.test.ts).
  'GET /api/seo/shared/{token}',
  'GET /api/seo/shared/{token}/audits',
  'GET /api/seo/shared/{token}/audits/{auditId}',
  'GET /api/seo/shared/{token}/audits/{auditId}/issues',
  'GET /api/seo/shared/{token}/audits/{auditId}/issues/{check}',
  'GET /api/seo/shared/{token}/audits/{auditId}/pages',
  'GET /api/seo/shared/{token}/audits/{auditId}/links',
  'GET /api/seo/shared/{token}/audits/{auditId}/resources',
  'GET /api/seo/shared/{token}/audits/{auditId}/comparison',
  // The public API's OpenAPI document: the same for everyone, no company's data.
  'GET /api/public/v1/openapi.json',
]);

/** The public API: the API key names the company (walked below with another company's key). */
const BY_API_KEY = new Set(['api-read', 'api-write']);

/**
 * Company-scoped routes whose {id} is not a company id but an item of the cookie's company, looked
 * up there only (another company's ids are 404: calendar-api.test.ts, media-upload.test.ts).
 */
const ID_OF_AN_ITEM = new Set([
  'GET /api/calendar/{id}/with-siblings',
  'PATCH /api/calendar/{id}',
  'DELETE /api/calendar/{id}',
  'GET /api/calendar/{id}/first-comment',
  'PUT /api/calendar/{id}/first-comment',
  // An audit idea of the cookie's company's latest audit (another company's: audit-suggestions.test.ts).
  'POST /api/calendar/suggestions/{id}/draft',
  'PATCH /api/content/{id}',
  'DELETE /api/content/{id}',
  'GET /api/approvals/posts/{id}',
  'POST /api/approvals/posts/{id}/request',
  'POST /api/approvals/posts/{id}/decision',
  'POST /api/approvals/posts/{id}/link',
  'GET /api/approvals/posts/{id}/links',
  'DELETE /api/approvals/posts/{id}/links/{linkId}',
  'GET /api/public/v1/posts/{id}',
  'PATCH /api/public/v1/posts/{id}',
  'DELETE /api/public/v1/posts/{id}',
  'DELETE /api/imports/{id}',
  'DELETE /api/feeds/{id}',
  'POST /api/feeds/{id}/poll',
  // A post of the cookie's company (another company's: queue.test.ts, and below for the figures).
  'DELETE /api/queue/{id}',
  'GET /api/reports/posts/{id}',
  'GET /api/public/v1/reports/posts/{id}',
]);

const allRoutes: RouteDef[] = Object.values(ALL_ROUTES).flat();
const label = (r: RouteDef) => `${r.method} ${r.path}`;

describe('tenant isolation', () => {
  it('every area is in the route registry', () => {
    expect(Object.keys(ALL_ROUTES).sort()).toEqual(AREAS.map((a) => a.name).sort());
  });

  it('every route is either company-scoped or reviewed as not company-scoped', () => {
    const unreviewed = allRoutes
      .filter((r) => r.access !== 'company' && r.access !== 'company-param' && !BY_API_KEY.has(r.access))
      .map(label)
      .filter((l) => !NOT_COMPANY_SCOPED.has(l));
    expect(unreviewed).toEqual([]);
    // A company id in a path is only safe behind the company-param check.
    const idRoutesWithoutCheck = allRoutes
      .filter((r) => r.path.includes('{id}') && r.access !== 'company-param')
      .map(label)
      .filter((l) => !NOT_COMPANY_SCOPED.has(l) && !ID_OF_AN_ITEM.has(l));
    expect(idRoutesWithoutCheck).toEqual([]);
  });

  it('a member of another company gets 403/404 from every company-scoped route, with none of its data', async () => {
    const a = await signedInUser('tenant-a');
    await a.client.patch('/api/company/company', { name: 'Secret Owl Company', tone: 'Confidential tone' });
    const invitedEmail = uniqueEmail('tenant-invitee');
    const invite = (await a.client.post(`/api/company/${a.companyId}/invite`, { email: invitedEmail })).body;
    const b = await signedInUser('tenant-b');
    // B points its company cookie at A's company: membership is what counts, not the cookie.
    b.client.cookies.set('COMPANY_ID', String(a.companyId));

    const values: Record<string, string> = {
      id: String(a.companyId),
      inviteId: String(invite.id),
      userId: String(a.profile.id),
      uuid: '00000000-0000-0000-0000-000000000000',
    };
    const scoped = allRoutes.filter((r) => r.access === 'company' || r.access === 'company-param');
    expect(scoped.length).toBeGreaterThan(5);
    for (const route of scoped) {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');
      const res = await b.client.request(
        route.method,
        path,
        route.method === 'GET' || route.method === 'DELETE'
          ? undefined
          : {
              name: 'Hijacked name',
              email: uniqueEmail('hijack'),
              token: 'x',
            },
      );
      expect([403, 404], `${label(route)} answered ${res.status}`).toContain(res.status);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain('Secret Owl');
      expect(text).not.toContain(a.email);
      expect(text).not.toContain(invitedEmail);
    }

    // Nothing changed on A's side.
    const mine = (await a.client.get('/api/company')).body.find((c: { id: number }) => c.id === a.companyId);
    expect(mine.name).toBe('Secret Owl Company');
    expect(mine.tone).toBe('Confidential tone');
    expect(mine.invites).toHaveLength(1);
    expect(mine.users).toHaveLength(1);
  });

  it('an API key of another company gets 404 from every API-key route naming an item, and none of its data', async () => {
    const a = await signedInUser('tenant-key-a');
    const [post] = (
      await a.client.post('/api/calendar', { platforms: ['facebook'], content: 'Secret Owl recipe', action: 'save' })
    ).body;
    const b = await signedInUser('tenant-key-b');
    // Paid, so that a paid route answers for the item it names, not for the plan.
    await makePaid(b.client);
    // B's own session cannot read A's post's figures either.
    expect((await b.client.get(`/api/reports/posts/${post.id}`)).status).toBe(404);
    const key = (await b.client.post('/api/public/keys', { name: 'B', scope: 'write' })).body.secret as string;
    const outsider = new TestClient();
    // B's browser state is no help either: the cookie names A's company, the key names B's.
    outsider.cookies.set('COMPANY_ID', String(a.companyId));
    const day = new Date().toISOString().slice(0, 10);
    const keyed = allRoutes.filter((r) => BY_API_KEY.has(r.access));
    expect(keyed.length).toBeGreaterThan(5);
    for (const route of keyed) {
      const path = route.path.replace(/\{(\w+)\}/g, () => String(post.id));
      const res = await outsider.request(
        route.method,
        `${path}?from=${day}&to=${day}&zone=UTC`,
        route.method === 'GET' || route.method === 'DELETE'
          ? undefined
          : { content: 'Hijacked', platforms: ['facebook'], action: 'save' },
        { headers: { authorization: `Bearer ${key}` } },
      );
      if (route.path.includes('{id}')) expect(res.status, `${label(route)} answered ${res.status}`).toBe(404);
      expect(JSON.stringify(res.body), label(route)).not.toContain('Secret Owl');
    }
    const still = (await a.client.get(`/api/calendar/${post.id}/with-siblings`)).body.post;
    expect(still).toMatchObject({ content: 'Secret Owl recipe', version: post.version });
  });

  it('a stranger cannot join with a token of another invite, or a bogus one', async () => {
    const a = await signedInUser('tenant-c');
    const b = await signedInUser('tenant-d');
    expect((await b.client.post(`/api/company/${a.companyId}/accept-invite`, { token: 'guess' })).status).toBe(404);
    await a.client.post(`/api/company/${a.companyId}/invite`, { email: b.email });
    const token = linkIn(await waitForMail(b.email, /invited/))
      .pathname.split('/')
      .pop()!;
    const other = await signedInUser('tenant-e');
    expect((await b.client.post(`/api/company/${other.companyId}/accept-invite`, { token })).status).toBe(404);
  });
});
