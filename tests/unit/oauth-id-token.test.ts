import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { IdTokenError, verifyIdToken, type IdTokenCheck } from '../../functions/core/oauth/id-token';

/** The ID token check on its own: each way a token can be wrong, refused for that reason. */
describe('ID token check (OpenID Connect Core §3.1.3.7)', () => {
  const issuer = 'https://accounts.example';
  const audience = 'our-client';
  const nonce = 'the-nonce-we-sent';
  let key: CryptoKey;
  let check: IdTokenCheck;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    key = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' };
    check = { issuer: [issuer, 'accounts.example'], audience, nonce, keys: createLocalJWKSet({ keys: [jwk] }) };
  });

  const token = (claims: JWTPayload = {}, options: { signWith?: CryptoKey; kid?: string; exp?: string } = {}) =>
    new SignJWT({ nonce, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'k1' })
      .setIssuer(typeof claims.iss === 'string' ? claims.iss : issuer)
      .setAudience(claims.aud ?? audience)
      .setSubject('1234')
      .setIssuedAt()
      .setExpirationTime(options.exp ?? '10m')
      .sign(options.signWith ?? key);

  it('answers the claims of a good token, under either issuer spelling', async () => {
    expect(await verifyIdToken(await token(), check)).toMatchObject({ sub: '1234', nonce });
    expect((await verifyIdToken(await token({ iss: 'accounts.example' }), check)).sub).toBe('1234');
  });

  it.each([
    ['another nonce', () => token({ nonce: 'another' }), /nonce/],
    ['no nonce', () => token({ nonce: undefined }), /nonce/],
    ['another issuer', () => token({ iss: 'https://evil.example' }), /iss/],
    ['another audience', () => token({ aud: 'someone-else' }), /aud/],
    ['several audiences, not authorized to us', () => token({ aud: [audience, 'other'] }), /azp/],
    ['expired', () => token({}, { exp: '-5m' }), /exp/],
    [
      'a key the provider does not publish',
      async () => token({}, { signWith: (await generateKeyPair('RS256')).privateKey }),
      /signature/,
    ],
    ['an unknown kid', () => token({}, { kid: 'k2' }), /NO_MATCHING_KEY|no applicable key/i],
  ])('refuses a token with %s', async (_name, make, why) => {
    const refused = verifyIdToken(await make(), check);
    await expect(refused).rejects.toBeInstanceOf(IdTokenError);
    await expect(refused).rejects.toThrow(why);
  });

  it('refuses an unsigned token and a symmetric algorithm, whatever the claims', async () => {
    const claims = { iss: issuer, aud: audience, sub: '1', nonce, iat: 1, exp: 4102444800 };
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const unsigned = `${b64({ alg: 'none' })}.${b64(claims)}.`;
    await expect(verifyIdToken(unsigned, check)).rejects.toBeInstanceOf(IdTokenError);
    const hmac = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .sign(new TextEncoder().encode('a secret anyone could guess'));
    await expect(verifyIdToken(hmac, check)).rejects.toThrow(/alg/);
  });
});
