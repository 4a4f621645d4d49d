import { freePort } from '../../infra/local/free-port';
import { signedInUser } from './api-client';
import type { RuntimeProcess } from './runtime';
import { startRuntimeBesideSuite } from './suite-runtime-env';
import { serveTestSite, type TestSite } from './test-site';

/**
 * An embedded runtime of its own for the audit tests: it may fetch the generated test site
 * (FETCH_ALLOW) and crawls in short batches (AUDIT_BATCH_MS), so an audit of a small site
 * still loops through the site-audit workflow several times.
 */
export async function startAuditRuntime(
  batchMs = 150,
  siteOptions: Omit<NonNullable<Parameters<typeof serveTestSite>[0]>, 'port'> = {},
): Promise<{ runtime: RuntimeProcess; site: TestSite }> {
  const port = await freePort();
  const site = await serveTestSite({ ...siteOptions, port });
  const runtime = await startRuntimeBesideSuite({
    // The site and the other website its pages link to.
    env: {
      FETCH_ALLOW: `127.0.0.1:${port},${new URL(site.externalOrigin).host}`,
      AUDIT_BATCH_MS: String(batchMs),
      WORKFLOW_TIME_SCALE: '0.05',
      // As the suite's runtime: its audits need the short waits, not a sweep every 3 s.
      SWEEP_TIME_SCALE: '0.25',
    },
  });
  return { runtime, site };
}

/** Registers, verifies and signs in against the given runtime (signedInUser without it talks to the suite's). */
export const signedInUserAt = (baseUrl: string, label: string) => signedInUser(label, {}, baseUrl);

/** Reads until `done` says yes (an audit ending, a subscription starting), or fails with the last value. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  ms = 90_000,
): Promise<T> {
  const until = Date.now() + ms;
  let last: T | undefined;
  while (Date.now() < until) {
    last = await read();
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} never happened; last: ${JSON.stringify(last).slice(0, 2000)}`);
}
