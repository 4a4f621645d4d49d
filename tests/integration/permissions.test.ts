import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { CompanyRole } from '@shared/schemas/company-record';
import { permissionRefusal, PERMISSIONS, ROLE_REQUIRED, roleMay, teamMessages } from '@shared/permissions';
import { publicApiMessages } from '@shared/schemas/public-api';
import { ALL_ROUTES } from '../../functions/api/all-routes';
import { getCompany } from '../../functions/core/companies/company-store';
import type { RouteDef } from '../../functions/core/http/route';
import { table } from '../../functions/core/table/client';
import { keys } from '../../functions/core/table/keys';
import {
  linkIn,
  signedInUser,
  teammate,
  TestClient,
  uniqueEmail,
  waitForMail,
  type SignedInUser,
} from '../support/api-client';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

useSuiteRuntimeEnv();

const allRoutes: RouteDef[] = Object.values(ALL_ROUTES).flat();
const label = (r: RouteDef) => `${r.method} ${r.path}`;
const companyRoutes = allRoutes.filter((r) => r.access === 'company' || r.access === 'company-param');
const keyRoutes = allRoutes.filter((r) => r.access === 'api-read' || r.access === 'api-write');

/**
 * A body no route accepts as it stands, so an allowed call is answered by validation or by the
 * domain (nothing is created), while a refused one must be answered 403 before either looks.
 */
const JUNK = { '': null };

/** Path values that name nothing real: an allowed call ends at 404 or a validation error. */
function pathOf(route: RouteDef, companyId: number): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'id' && route.access === 'company-param' ? String(companyId) : name === 'platform' ? 'facebook' : '999999',
  );
}

async function call(client: TestClient, route: RouteDef, path: string, headers?: Record<string, string>) {
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : JUNK;
  return client.request(route.method, path, body, { headers });
}

describe('permissions: every route with every role', () => {
  it('every company and API-key route names a permission of the table', () => {
    const names = new Set(Object.keys(PERMISSIONS));
    const missing = [...companyRoutes, ...keyRoutes]
      .filter((r) => !r.contract.permission || !names.has(r.contract.permission))
      .map(label);
    expect(missing).toEqual([]);
    expect(companyRoutes.length).toBeGreaterThan(100);
  });

  it('each role gets exactly what the table gives it from every company route', async () => {
    const admin = await signedInUser('walk-admin');
    const members: Record<CompanyRole, SignedInUser> = {
      client: await teammate(admin, 'client', 'walk-client'),
      manager: await teammate(admin, 'manager', 'walk-manager'),
      admin,
    };
    const wrong: string[] = [];
    // The admin walks last, so whatever an allowed junk call may still do cannot change a refusal.
    for (const role of ['client', 'manager', 'admin'] as const) {
      for (const route of companyRoutes) {
        const permission = route.contract.permission!;
        const res = await call(members[role].client, route, pathOf(route, admin.companyId));
        const refused = res.status === 403 && res.body?.code === ROLE_REQUIRED;
        if (res.status >= 500) wrong.push(`${role} ${label(route)}: ${res.status}`);
        else if (roleMay(role, permission) === refused)
          wrong.push(
            `${role} ${label(route)} (${permission}): ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
          );
        else if (refused && res.body.message !== permissionRefusal(permission))
          wrong.push(`${role} ${label(route)}: said "${res.body.message}"`);
      }
    }
    expect(wrong).toEqual([]);
    // Nothing a refused call reached changed the company.
    const company = (await admin.client.get('/api/company')).body.find((c: { id: number }) => c.id === admin.companyId);
    expect(company.users).toHaveLength(3);
  });

  it('an API key acts as its maker: its routes answer by the maker role of the moment', async () => {
    const owner = await signedInUser('walk-key-owner');
    const maker = await teammate(owner, 'admin', 'walk-key-maker');
    const readKey = (await maker.client.post('/api/public/keys', { name: 'Read', scope: 'read' })).body
      .secret as string;
    const writeKey = (await maker.client.post('/api/public/keys', { name: 'Write', scope: 'write' })).body
      .secret as string;
    const outsider = new TestClient();
    const setRole = (role: CompanyRole) =>
      owner.client.put(`/api/company/${owner.companyId}/users/${maker.profile.id}/role`, { role });
    const day = new Date().toISOString().slice(0, 10);
    for (const role of ['admin', 'manager', 'client'] as const) {
      expect((await setRole(role)).status).toBe(204);
      for (const route of keyRoutes) {
        for (const [scope, key] of [
          ['read', readKey],
          ['write', writeKey],
        ] as const) {
          const path = `${pathOf(route, owner.companyId)}?from=${day}&to=${day}&zone=UTC`;
          const res = await call(outsider, route, path, { authorization: `Bearer ${key}` });
          const where = `${role}'s ${scope} key on ${label(route)}: ${res.status} ${JSON.stringify(res.body).slice(0, 100)}`;
          const keyWorks = roleMay(role, scope === 'write' ? 'content' : 'view');
          if (!keyWorks) {
            expect(res.status, where).toBe(401);
            expect(res.body.message, where).toBe(publicApiMessages.makerGone);
          } else if (scope === 'read' && route.access === 'api-write') {
            expect(res.status, where).toBe(403);
            expect(res.body.message, where).toBe(publicApiMessages.readOnlyKey);
          } else expect([401, 403, 500], where).not.toContain(res.status);
        }
      }
    }
    // Gone from the company: both keys stop on the next request.
    await setRole('admin');
    expect((await owner.client.delete(`/api/company/${owner.companyId}/users/${maker.profile.id}`)).status).toBe(204);
    for (const key of [readKey, writeKey]) {
      const res = await outsider.request('GET', '/api/public/v1/posts', undefined, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(publicApiMessages.makerGone);
    }
  });
});

describe('permissions: what a client was found able to do', () => {
  it('a client cannot remove the admin, invite, delete the company, turn approvals off, make keys or webhooks, disconnect or upgrade', async () => {
    const admin = await signedInUser('hole-admin');
    const client = await teammate(admin, 'client', 'hole-client');
    const c = client.client;
    const id = admin.companyId;
    const attempts = {
      team: [
        await c.delete(`/api/company/${id}/users/${admin.profile.id}`),
        await c.post(`/api/company/${id}/invite`, { email: uniqueEmail('minted'), role: 'client' }),
      ],
      company: [await c.delete(`/api/company/${id}`)],
      approvalRule: [await c.put('/api/approvals/settings', { required: false })],
      developer: [
        await c.post('/api/public/keys', { name: 'Mine', scope: 'write' }),
        await c.post('/api/public/webhooks', { url: 'https://example.com/hook', events: ['post.published'] }),
      ],
      apps: [
        await c.post('/api/integrations/facebook/disconnect'),
        await c.post('/api/integrations/wordpress/disconnect'),
      ],
      billing: [await c.post('/api/billing/upgrade', { plan: 'agency' })],
      content: [await c.post('/api/calendar', { platforms: ['facebook'], content: 'From a client', action: 'save' })],
    } as const;
    for (const [permission, answers] of Object.entries(attempts)) {
      for (const res of answers) {
        expect(res.status, permission).toBe(403);
        expect(res.body.message).toBe(permissionRefusal(permission as keyof typeof attempts));
      }
    }
    const company = (await admin.client.get('/api/company')).body.find((x: { id: number }) => x.id === id);
    expect(company.users.map((u: { role: string }) => u.role).sort()).toEqual(['admin', 'client']);
    expect(company.invites).toEqual([]);
    // What a client may do, it still does: read the company's posts and its report.
    expect((await c.get('/api/calendar/recent')).status).toBe(200);
    expect((await c.get('/api/company')).status).toBe(200);
  });

  it('a manager may not invite, and no invite carries a role above its sender', async () => {
    const admin = await signedInUser('invite-admin');
    const manager = await teammate(admin, 'manager', 'invite-manager');
    const res = await manager.client.post(`/api/company/${admin.companyId}/invite`, { email: uniqueEmail('x') });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(permissionRefusal('team'));
    // An invite made as an admin admits no one once its sender is no longer one.
    const second = await teammate(admin, 'admin', 'invite-second');
    const email = uniqueEmail('late-invitee');
    expect((await second.client.post(`/api/company/${admin.companyId}/invite`, { email, role: 'admin' })).status).toBe(
      201,
    );
    expect(
      (await admin.client.put(`/api/company/${admin.companyId}/users/${second.profile.id}/role`, { role: 'manager' }))
        .status,
    ).toBe(204);
    const token = linkIn(await waitForMail(email, /invited/))
      .pathname.split('/')
      .pop()!;
    const late = await signedInUser('late-invitee', { email });
    expect((await late.client.post(`/api/company/${admin.companyId}/accept-invite`, { token })).status).toBe(404);
    const users = (await admin.client.get('/api/company')).body.find((x: { id: number }) => x.id === admin.companyId)
      .users as { email: string }[];
    expect(users.map((u) => u.email)).not.toContain(email);
  });

  it('the last admin can be neither removed nor demoted, even by two admins at once', async () => {
    const admin = await signedInUser('last-admin');
    const manager = await teammate(admin, 'manager', 'last-manager');
    const id = admin.companyId;
    // The only admin cannot step down through another member's promotion route either.
    const second = await teammate(admin, 'admin', 'last-second');
    // Two admins demote each other at the same moment: one wins, the other is refused.
    const [a, b] = await Promise.all([
      admin.client.put(`/api/company/${id}/users/${second.profile.id}/role`, { role: 'manager' }),
      second.client.put(`/api/company/${id}/users/${admin.profile.id}/role`, { role: 'manager' }),
    ]);
    // The loser is refused as the last admin (both passed the role check together), or as no
    // longer an admin at all (the winner's change was in before its request was checked).
    expect([a.status, b.status].sort()).toContain(204);
    const loser = a.status === 204 ? b : a;
    expect([409, 403]).toContain(loser.status);
    expect(loser.body.message).toBe(loser.status === 409 ? teamMessages.lastAdmin : permissionRefusal('team'));
    const roles = async () =>
      (
        (await manager.client.get('/api/company')).body.find((x: { id: number }) => x.id === id).users as {
          id: number;
          role: string;
        }[]
      ).filter((u) => u.role === 'admin');
    const [last] = await roles();
    expect(await roles()).toHaveLength(1);
    const lastClient = last!.id === admin.profile.id ? admin.client : second.client;
    const removed = await lastClient.delete(`/api/company/${id}/users/${last!.id}`);
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe(teamMessages.lastAdmin);
    // Removing an admin while another remains is fine; the count follows.
    expect(
      (await lastClient.put(`/api/company/${id}/users/${manager.profile.id}/role`, { role: 'admin' })).status,
    ).toBe(204);
    expect((await manager.client.delete(`/api/company/${id}/users/${last!.id}`)).status).toBe(204);
    expect(await roles()).toHaveLength(1);
    const self = await manager.client.put(`/api/company/${id}/users/${manager.profile.id}/role`, { role: 'client' });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(teamMessages.ownRole);
  });

  it('a company stored before admins were counted counts them on the first change that needs it', async () => {
    const admin = await signedInUser('legacy-admin');
    const manager = await teammate(admin, 'manager', 'legacy-manager');
    const id = admin.companyId;
    // As stored before: no count on the company, and the creator's member item without a role.
    const remove = (key: Record<string, string>, field: string) =>
      table().send(
        new UpdateCommand({
          TableName: process.env.TABLE_NAME!,
          Key: key,
          UpdateExpression: 'REMOVE #f',
          ExpressionAttributeNames: { '#f': field },
        }),
      );
    await remove(keys.company(id), 'adminCount');
    await remove(keys.member(id, admin.profile.id), 'role');
    expect((await getCompany(id))?.adminCount).toBeUndefined();
    const alone = await admin.client.delete(`/api/company/${id}/users/${admin.profile.id}`);
    expect(alone.status).toBe(409);
    expect(alone.body.message).toBe(teamMessages.lastAdmin);
    expect((await getCompany(id))?.adminCount).toBe(1);
    expect(
      (await admin.client.put(`/api/company/${id}/users/${manager.profile.id}/role`, { role: 'admin' })).status,
    ).toBe(204);
    expect((await getCompany(id))?.adminCount).toBe(2);
    // The admin without a stored role steps down; the count follows.
    expect(
      (await manager.client.put(`/api/company/${id}/users/${admin.profile.id}/role`, { role: 'client' })).status,
    ).toBe(204);
    expect((await getCompany(id))?.adminCount).toBe(1);
  });
});
