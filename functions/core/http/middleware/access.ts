import { COMPANY_COOKIE, SESSION_COOKIE } from '@shared/constants';
import { isMember } from '../../membership';
import { findSession } from '../../sessions/session-store';
import { apiKeyCompany } from '../../public-api/api-key-access';
import { forbidden, notFound, unauthorized } from '../../errors';
import type { HttpMiddleware } from '../event';
import type { Access } from '../route';

const COMPANY_ID = /^[1-9][0-9]{0,15}$/;

/**
 * Resolves the session and, for company routes, the membership, once per request and before
 * any handler runs. Because it is attached from the route's declared access, a route cannot
 * reach a handler without the check its declaration promises.
 */
export function access(level: Access): HttpMiddleware {
  return {
    before: async ({ event }) => {
      // An API key is the whole credential: a browser's cookies lend a key call nothing.
      if (level === 'api-read' || level === 'api-write') {
        event.state.companyId = await apiKeyCompany(event, level === 'api-write' ? 'write' : 'read');
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
        if (!(await isMember(companyId, user.id))) throw forbidden();
        event.state.companyId = companyId;
      } else if (level === 'company-param') {
        const raw = event.pathParameters?.id ?? '';
        if (!COMPANY_ID.test(raw)) throw notFound();
        const companyId = Number(raw);
        // 404, not 403: a user learns nothing about companies they cannot see.
        if (!(await isMember(companyId, user.id))) throw notFound();
        event.state.companyId = companyId;
      }
    },
  };
}
