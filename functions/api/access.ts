import { COMPANY_COOKIE, SESSION_COOKIE } from '@shared/constants';
import { permissionRefusal, ROLE_REQUIRED, roleMay, type Permission } from '@shared/permissions';
import type { CompanyRole } from '@shared/schemas/company-record';
import { memberRole } from '../core/membership';
import { findSession } from '../core/sessions/session-store';
import { apiKeyCaller } from '../core/public-api/api-key-access';
import { forbidden, notFound, unauthorized } from '../core/errors';
import type { HttpMiddleware } from '../core/http/event';
import type { RouteDef } from '../core/http/route';

const COMPANY_ID = /^[1-9][0-9]{0,15}$/;

/** A member whose role lacks the route's permission: 403 with who may, never a hint of the data. */
function assertMay(role: CompanyRole, permission: Permission | undefined) {
  if (permission && !roleMay(role, permission)) throw forbidden(permissionRefusal(permission), ROLE_REQUIRED);
}

/**
 * Resolves the session and, for company routes, the membership and the role the contract's
 * permission needs, once per request and before any handler runs (and before validation, so a
 * refused role learns nothing from field errors). Because it is attached from the route's
 * declaration, a route cannot reach a handler without the check its declaration promises.
 */
export function access(route: Pick<RouteDef, 'access' | 'contract'>): HttpMiddleware {
  const level = route.access;
  const permission = route.contract.permission;
  return {
    before: async ({ event }) => {
      // An API key is the whole credential: a browser's cookies lend a key call nothing. The key
      // acts as the member who made it, so it can do no more than they may now.
      if (level === 'api-read' || level === 'api-write') {
        const caller = await apiKeyCaller(event, level === 'api-write' ? 'write' : 'read');
        assertMay(caller.role, permission);
        event.state.companyId = caller.companyId;
        event.state.role = caller.role;
        event.state.memberId = caller.makerId;
        return;
      }
      const token = event.state.cookies[SESSION_COOKIE];
      const session = token ? await findSession(token) : undefined;
      if (session) event.state.user = { id: session.userId, email: session.email, sessionHash: session.hash };
      if (level === 'public') return;
      const user = event.state.user;
      if (!user) throw unauthorized();

      if (level === 'company') {
        const raw = event.state.cookies[COMPANY_COOKIE];
        // No company chosen, or a forged cookie: the same answer, with nothing about the company.
        if (!raw || !COMPANY_ID.test(raw)) throw forbidden();
        const companyId = Number(raw);
        const role = await memberRole(companyId, user.id);
        if (!role) throw forbidden();
        assertMay(role, permission);
        event.state.companyId = companyId;
        event.state.role = role;
        event.state.memberId = user.id;
      } else if (level === 'company-param') {
        const raw = event.pathParameters?.id ?? '';
        if (!COMPANY_ID.test(raw)) throw notFound();
        const companyId = Number(raw);
        const role = await memberRole(companyId, user.id);
        // 404, not 403: a user learns nothing about companies they cannot see.
        if (!role) throw notFound();
        assertMay(role, permission);
        event.state.companyId = companyId;
        event.state.role = role;
        event.state.memberId = user.id;
      }
    },
  };
}
