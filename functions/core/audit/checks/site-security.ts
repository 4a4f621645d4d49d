import type { TLSSocket } from 'node:tls';
import { FetchRefusedError, safeFetch } from '../../net';
import { createPinnedConnector } from '../../net/pinned-connector';
import type { CrawlSession } from '../crawl/crawl-session';

/**
 * The site-wide HTTPS checks, once per crawl of an https site: does its http:// address
 * redirect to https, and when does its certificate expire. Both go through the safe fetcher's
 * address policy like every other request of the crawl.
 */
export async function probeSiteSecurity(session: CrawlSession): Promise<void> {
  const { state, start } = session;
  if (state.site.securityProbed) return;
  state.site.securityProbed = true;
  if (start.protocol !== 'https:') return;
  const [redirect, expires] = await Promise.all([httpRedirect(session), certificateExpiry(session)]);
  state.site.httpRedirect = redirect;
  if (expires) state.site.certificateExpires = expires;
}

/** The http:// twin of the start page: on port 80, or on the start's own port when it names one (a test server). */
async function httpRedirect(session: CrawlSession): Promise<'https' | 'none' | 'unreachable'> {
  const plain = new URL(session.start.href);
  plain.protocol = 'http:';
  await session.gateOf(plain.origin).wait();
  try {
    const response = await safeFetch(plain, {
      dispatcher: session.dispatcher,
      headers: session.pageHeaders,
      followRedirects: false,
      timeoutMs: session.timeoutMs,
      ...session.signalled,
    });
    await response.cancel();
    const to = response.location ? new URL(response.location) : undefined;
    return response.status >= 300 && response.status < 400 && to?.protocol === 'https:' ? 'https' : 'none';
  } catch (error) {
    // Nothing listens on http (or it failed): there is no insecure version to leave open.
    if (error instanceof FetchRefusedError) return 'unreachable';
    throw error;
  }
}

/** The certificate's notAfter, from a TLS handshake with the site (undefined when none could be made). */
function certificateExpiry(session: CrawlSession): Promise<string | undefined> {
  const { start } = session;
  const connect = createPinnedConnector({
    ...(session.tls ? { tls: session.tls } : {}),
    connectTimeoutMs: session.timeoutMs,
  });
  return new Promise((resolve) => {
    connect(
      {
        hostname: start.hostname,
        host: start.host,
        protocol: 'https:',
        port: start.port || '443',
        servername: '',
      },
      (error, socket) => {
        if (error) return resolve(undefined);
        const validTo = (socket as TLSSocket).getPeerCertificate().valid_to;
        socket.destroy();
        const at = validTo ? Date.parse(validTo) : NaN;
        resolve(Number.isFinite(at) ? new Date(at).toISOString() : undefined);
      },
    );
  });
}
