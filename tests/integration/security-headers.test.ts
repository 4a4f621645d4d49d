import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { INDEX_INLINE_SCRIPT } from '../../infra/security-headers';
import { TestClient, signedInUser } from '../support/api-client';

/**
 * The embedded runtime sends the headers CloudFront adds in AWS (tests/infra/security-headers.test.ts):
 * the SPA a strict CSP naming the media origin, every /api answer nothing-loads-from-me headers.
 */
const runtime = () => inject('runtime');

function expectCommonHeaders(headers: Headers, what: string) {
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
}

describe('security headers on the embedded runtime', () => {
  it('the SPA (entry, deep links, assets) gets a strict CSP that names the media origin', async () => {
    const index = await fetch(`${runtime().url}/`);
    const html = await index.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    for (const path of ['/', '/auth', '/settings/user', script!, '/favicon.svg']) {
      const res = await fetch(`${runtime().url}${path}`);
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
      expectCommonHeaders(res.headers, path);
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp, path).toMatch(/(^|; )script-src 'self' 'sha256-[\w+/]+=*'; /);
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain(`img-src 'self' data: blob: ${new URL(runtime().s3Endpoint).origin}`);
      expect(csp, path).toContain(`connect-src 'self' ${new URL(runtime().s3Endpoint).origin}`);
    }
    // The entry page's one inline script is the one the CSP allows by its hash; every other script is a file.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual([INDEX_INLINE_SCRIPT]);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    expect(index.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  it('every /api answer, success or error, gets nosniff, no referrer, no framing and no-store', async () => {
    const { client } = await signedInUser('headers');
    const answers = [
      await new TestClient().get('/api/metadata'),
      await client.get('/api/auth/profile'),
      await new TestClient().get('/api/auth/profile'),
      await new TestClient().get('/api/nope'),
      await new TestClient().get('/api/company/company/nope'),
      await new TestClient().post('/api/auth/login', {}),
      await new TestClient().request('POST', '/api/auth/login', undefined, {
        rawBody: '{',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 404, 404, 422, 400]);
    for (const [i, res] of answers.entries()) {
      expectCommonHeaders(res.headers, `answer ${i}`);
      expect(res.headers.get('content-security-policy'), `answer ${i}`).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers.get('referrer-policy'), `answer ${i}`).toBe('no-referrer');
    }
    expect(answers[1]!.headers.get('cache-control')).toBe('no-store');
  });
});
