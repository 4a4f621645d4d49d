import { integrationsContracts } from '@shared/contracts/integrations';
import { sandboxRequestsSchema } from '@shared/schemas/integrations';
import { config } from '../../core/config';
import { conflict } from '../../core/errors';
import { defineRoute, ok } from '../../core/http/route';

/**
 * The dev page's list of what the sandbox platforms received (embedded runtime only). The
 * sandbox is our own loopback server, so this is a plain fetch, not the safe fetcher. Its path
 * stays under /api/integrations (the web calls it there); the dev area serves it.
 */
export const sandboxRequests = defineRoute(integrationsContracts.sandboxRequests, {
  access: 'public',
  localOnly: true,
  handle: async () => {
    const origin = config.platformSandboxOrigin;
    if (!origin) throw conflict('The sandbox platforms are not running.');
    const res = await fetch(`${origin}/__sandbox/requests`, { signal: AbortSignal.timeout(5000) });
    return ok(sandboxRequestsSchema.parse(await res.json()));
  },
});
