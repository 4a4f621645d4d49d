import { freePort } from '../../infra/local/free-port';
import { linkIn, PASSWORD, TestClient, uniqueEmail, waitForMail } from './api-client';
import { startRuntimeProcess, type RuntimeProcess } from './runtime';
import { serveTestSite, type TestSite } from './test-site';

/**
 * An embedded runtime of its own for the audit tests: it may fetch the generated test site
 * (FETCH_ALLOW) and crawls in short batches (AUDIT_BATCH_MS), so an audit of a small site
 * still loops through the site-audit workflow several times.
 */
export async function startAuditRuntime(batchMs = 150): Promise<{ runtime: RuntimeProcess; site: TestSite }> {
  const port = await freePort();
  const site = await serveTestSite({ port });
  const runtime = await startRuntimeProcess({
    env: { FETCH_ALLOW: `127.0.0.1:${port}`, AUDIT_BATCH_MS: String(batchMs) },
  });
  return { runtime, site };
}

/** Registers, verifies and signs in against the given runtime (signedInUser talks to the suite's). */
export async function signedInUserAt(baseUrl: string, label: string) {
  const client = new TestClient(baseUrl);
  const email = uniqueEmail(label);
  const reg = await client.post('/api/auth/register', {
    firstName: 'Test',
    lastName: label,
    email,
    password: PASSWORD,
    subscribed: false,
    accept_terms: true,
  });
  if (reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  if (!reg.body.verified) {
    const link = linkIn(await waitForMail(email, /Verify/, baseUrl));
    const verified = await client.post('/api/auth/verify', {
      code: link.searchParams.get('code'),
      id: Number(link.searchParams.get('id')),
    });
    if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  }
  const login = await client.post('/api/auth/login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { client, email, companyId: login.body.companyId as number };
}
