import { messages } from '@shared/messages';
import { config } from '../../config';
import { forbidden } from '../../errors';
import { header, type HttpMiddleware } from '../event';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth beside SameSite=Lax cookies: a state-changing request that names an
 * Origin must name ours. Requests without Origin (curl, server-to-server) carry no ambient
 * browser credentials worth stealing, so they pass.
 */
export function originCheck(): HttpMiddleware {
  return {
    before: ({ event }) => {
      const method = event.requestContext.http.method;
      if (SAFE.has(method)) return;
      const origin = header(event, 'origin');
      if (!origin) return;
      const allowed = [config.appOrigin, ...config.extraOrigins];
      if (!allowed.includes(origin.replace(/\/$/, ''))) throw forbidden(messages.badOrigin);
    },
  };
}
