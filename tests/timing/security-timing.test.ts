import { describe, expect, it } from 'vitest';
import { PASSWORD, TestClient, uniqueEmail } from '../support/api-client';

/**
 * The probe told existing addresses from unknown ones by time alone: request-reset and
 * resend-verify answered twice as slowly for an account (29 of 30 pairs). Pairs of one known
 * and one unknown address, sent back to back in alternating order, must now take the same
 * time: the medians within a third of each other, which leaves room for a loaded machine
 * and none for the factor of two.
 */
const PAIRS = 11;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(client: TestClient, path: string, email: string) {
  const started = performance.now();
  const res = await client.post(path, { email });
  expect(res.status).toBe(200);
  return { ms: performance.now() - started, message: res.body.message as string };
}

/** Unverified accounts: what resend-verify mails to, and request-reset too. */
async function registeredAddresses(count: number) {
  const emails = Array.from({ length: count }, () => uniqueEmail('timing'));
  for (const email of emails) {
    const res = await new TestClient().post('/api/auth/register', {
      firstName: 'Tim',
      lastName: 'Ing',
      email,
      password: PASSWORD,
      subscribed: false,
      accept_terms: true,
    });
    expect(res.status).toBe(201);
  }
  return emails;
}

describe('answers that must not tell whether an address has an account take the same time', () => {
  it.each(['/api/auth/request-reset', '/api/auth/resend-verify'])('%s', async (path) => {
    const known = await registeredAddresses(PAIRS);
    const client = new TestClient();
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    const messages = new Set<string>();
    for (let i = 0; i < PAIRS; i++) {
      const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const which of order) {
        const answer = await timed(client, path, which === 'known' ? known[i]! : uniqueEmail('nobody'));
        (which === 'known' ? knownMs : unknownMs).push(answer.ms);
        messages.add(answer.message);
      }
    }
    expect(messages.size).toBe(1);
    const ratio = median(knownMs) / median(unknownMs);
    expect(ratio, `known ${median(knownMs).toFixed(0)} ms, unknown ${median(unknownMs).toFixed(0)} ms`).toBeGreaterThan(
      0.75,
    );
    expect(ratio, `known ${median(knownMs).toFixed(0)} ms, unknown ${median(unknownMs).toFixed(0)} ms`).toBeLessThan(
      1.33,
    );
  });
});
