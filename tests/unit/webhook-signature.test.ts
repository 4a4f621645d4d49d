import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signedHeaders, webhookKey } from '../../functions/core/public-api/webhook-signature';

/** The official Standard Webhooks library against our signer, on both secret formats. */
describe('webhook signatures (Standard Webhooks)', () => {
  const body = JSON.stringify({ id: 'evt_01', type: 'webhook.test', data: { n: 'é' } });
  const now = () => Math.floor(Date.now() / 1000);

  it('a new secret is whsec_ and the standard base64 of 32 bytes, and the library verifies with it as shown', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhookKey(secret)).toHaveLength(32);
    const headers = signedHeaders(secret, 'evt_01', body, now());
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    // The key is the decoded bytes: the library given them raw agrees.
    expect(new Webhook(webhookKey(secret), { format: 'raw' }).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('signs "<id>.<timestamp>.<body>": another id, timestamp or body does not verify', () => {
    const secret = newWebhookSecret();
    const headers = signedHeaders(secret, 'evt_01', body, now());
    const wh = new Webhook(secret);
    expect(() => wh.verify(body, { ...headers, 'webhook-id': 'evt_02' })).toThrow('No matching signature found');
    expect(() => wh.verify(body, { ...headers, 'webhook-timestamp': String(now() - 1) })).toThrow(
      'No matching signature found',
    );
    expect(() => wh.verify(body.replace('é', 'e'), headers)).toThrow('No matching signature found');
    expect(() => wh.verify(body, signedHeaders(secret, 'evt_01', body, now() - 301))).toThrow(
      'Message timestamp too old',
    );
  });

  it('an older secret (URL-safe base64) keeps its key: written in the standard alphabet, the library verifies', () => {
    // Secrets were made this way before deliveries followed the standard.
    let key = randomBytes(32);
    while (!/[-_]/.test(key.toString('base64url'))) key = randomBytes(32);
    const old = `whsec_${key.toString('base64url')}`;
    expect(webhookKey(old).equals(key)).toBe(true);
    const headers = signedHeaders(old, 'evt_01', body, now());
    // The conversion docs/features/public-api.md gives receivers; it leaves a new secret as it is.
    const convert = (s: string) => `whsec_${Buffer.from(s.slice('whsec_'.length), 'base64').toString('base64')}`;
    expect(new Webhook(convert(old)).verify(body, headers)).toEqual(JSON.parse(body));
    const fresh = newWebhookSecret();
    expect(convert(fresh)).toBe(fresh);
    // As it stands, the library refuses its URL-safe characters outright rather than failing to match.
    expect(() => new Webhook(old)).toThrow(/incorrect characters/);
  });

  it('refuses a damaged secret rather than signing with it', () => {
    expect(() => webhookKey('whsec_c2hvcnQ=')).toThrow();
    expect(() => webhookKey(randomBytes(32).toString('base64'))).toThrow();
  });
});
