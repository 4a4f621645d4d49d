import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfileClient } from '../../functions/core/business/business-profile-client';
import type { PlatformConfig } from '../../functions/core/platform-config';
import { PlatformError } from '../../functions/core/integrations/platform-error';
import { SANDBOX_PLACES_KEY } from '../../infra/local/sandbox/google-apis-sandbox';
import { businessProfileToken, useSandboxPlatforms } from '../support/platform-sandbox';

const SOHO = 'locations/5500000000000000001';
const CAMDEN = 'locations/5500000000000000002';
const ACCOUNT = 'accounts/110000000000000000002';

describe('Business Profile client against the sandbox', () => {
  const sandbox = useSandboxPlatforms();
  let token = '';

  beforeAll(async () => {
    token = await businessProfileToken(sandbox);
  });

  it('reads a location by readMask and writes only the fields of updateMask', async () => {
    const client = businessProfileClient(sandbox.config());
    const soho = await client.location(token, SOHO);
    expect(soho.title).toBe('Sandbox Bakery Soho');
    expect(soho.categories?.primaryCategory?.name).toBe('categories/gcid:bakery');
    const camden = await client.location(token, CAMDEN);
    expect(camden.storefrontAddress).toBeUndefined();
    expect(camden.categories).toBeUndefined();

    const updated = await client.updateLocation(
      token,
      CAMDEN,
      {
        title: 'Sandbox Bakery Camden Deliveries',
        websiteUri: 'https://changed.example',
        profile: { description: 'New' },
      },
      ['title', 'profile.description'],
    );
    expect(updated.title).toBe('Sandbox Bakery Camden Deliveries');
    expect(updated.profile?.description).toBe('New');
    // Outside the mask: untouched, although the body carried it.
    expect(updated.websiteUri).toBe('https://www.sandbox-bakery.example/camden');
    expect((await client.location(token, CAMDEN)).title).toBe('Sandbox Bakery Camden Deliveries');

    // A place id with its resource prefix is refused, as Google does.
    const refused = (await client
      .updateLocation(token, CAMDEN, { serviceArea: { places: { placeInfos: [{ placeId: 'places/ChIJx' }] } } }, [
        'serviceArea',
      ])
      .catch((e: unknown) => e)) as PlatformError;
    expect(refused.failure).toBe('rejected');
  });

  it('reads and sets attributes, lists what may be set, and reads categories and service types', async () => {
    const client = businessProfileClient(sandbox.config());
    const types = new Set((await client.availableAttributes(token, SOHO)).map((a) => a.valueType));
    expect([...types].sort()).toEqual(['BOOL', 'ENUM', 'REPEATED_ENUM', 'URL']);
    const set = await client.updateAttributes(token, CAMDEN, [
      { name: 'attributes/has_delivery', valueType: 'BOOL', values: [false] },
      { name: 'attributes/url_order_ahead', valueType: 'URL', uriValues: [] },
    ]);
    expect(set.attributes).toEqual([{ name: 'attributes/has_delivery', valueType: 'BOOL', values: [false] }]);

    const bak = await client.categories(token, { languageCode: 'en', regionCode: 'US', filter: 'bak' });
    expect(bak.map((c) => c.displayName)).toEqual(['Bakery', 'Wedding bakery']);
    expect(bak[0]?.serviceTypes).toBeUndefined();
    const full = await client.batchCategories(token, {
      names: ['categories/gcid:bakery', 'categories/gcid:cafe'],
      languageCode: 'en',
      view: 'FULL',
    });
    expect(full.flatMap((c) => c.serviceTypes ?? []).map((s) => s.displayName)).toContain('Coffee to go');
  });

  it('lists reviews of every rating, replies, deletes a reply; lists, adds and deletes media', async () => {
    const client = businessProfileClient(sandbox.config());
    const reviews = await client.reviews(token, ACCOUNT, SOHO);
    expect(reviews.map((r) => r.starRating).sort()).toEqual(
      ['FIVE', 'FOUR', 'ONE', 'STAR_RATING_UNSPECIFIED', 'THREE', 'TWO'].sort(),
    );
    const unanswered = reviews.find((r) => !r.reviewReply)!;
    expect(await client.reply(token, unanswered.name, 'Thank you!')).toMatchObject({ comment: 'Thank you!' });
    expect(
      (await client.reviews(token, ACCOUNT, SOHO)).find((r) => r.name === unanswered.name)?.reviewReply?.comment,
    ).toBe('Thank you!');
    await client.deleteReply(token, unanswered.name);
    expect(
      (await client.reviews(token, ACCOUNT, SOHO)).find((r) => r.name === unanswered.name)?.reviewReply,
    ).toBeUndefined();

    const media = await client.media(token, ACCOUNT, SOHO);
    expect(new Set(media.map((m) => m.mediaFormat))).toEqual(new Set(['PHOTO', 'VIDEO']));
    expect((await client.customerMedia(token, ACCOUNT, SOHO)).length).toBeGreaterThan(0);
    // Google fetches sourceUrl: a file it cannot fetch is refused.
    const unfetchable = (await client
      .addMedia(token, ACCOUNT, SOHO, { mediaFormat: 'PHOTO', sourceUrl: `${sandbox.origin()}/no-such-file.png` })
      .catch((e: unknown) => e)) as PlatformError;
    expect(unfetchable.failure).toBe('rejected');
    await client.deleteMedia(token, media[0]!.name);
    expect((await client.media(token, ACCOUNT, SOHO)).map((m) => m.name)).not.toContain(media[0]!.name);
  });

  it('predicts places with the Places API key', async () => {
    const client = businessProfileClient(sandbox.config());
    expect(await client.autocomplete(SANDBOX_PLACES_KEY, 'camden')).toContainEqual({
      place: 'places/ChIJ2dGMjMMEdkgRqVqkuXQkj7c',
      placeId: 'ChIJ2dGMjMMEdkgRqVqkuXQkj7c',
      text: 'Camden, London, UK',
    });
    const badKey = (await client.autocomplete('wrong', 'camden').catch((e: unknown) => e)) as PlatformError;
    expect(badKey.failure).toBe('rejected');
  });
});

/**
 * Each API's error answers as Google documents them, from a loopback server of this test: the
 * client's sentence for each must be one the user can act on.
 */
describe('Business Profile client error shapes', () => {
  let server: Server;
  let answer: { status: number; body: unknown; headers?: Record<string, string> } = { status: 200, body: {} };
  let config: PlatformConfig;
  const saved = { ...process.env };

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.FETCH_ALLOW = new URL(origin).host;
    config = {
      timeoutMs: 2000,
      googleBusinessInformation: origin,
      googleMyBusiness: origin,
      googlePlaces: origin,
    } as PlatformConfig;
  });
  afterAll(async () => {
    process.env = saved;
    await new Promise<void>((done) => server.close(() => done()));
  });

  const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

  /** One call of each API the business manager uses. */
  const calls: [string, () => Promise<unknown>][] = [
    ['Business Information location', () => businessProfileClient(config).location('t', SOHO)],
    ['Business Information attributes', () => businessProfileClient(config).attributes('t', SOHO)],
    ['categories', () => businessProfileClient(config).categories('t', { languageCode: 'en', regionCode: 'US' })],
    ['v4 reviews', () => businessProfileClient(config).reviews('t', ACCOUNT, SOHO)],
    ['v4 reply', () => businessProfileClient(config).reply('t', `${ACCOUNT}/${SOHO}/reviews/r`, 'Hi')],
    ['v4 delete reply', () => businessProfileClient(config).deleteReply('t', `${ACCOUNT}/${SOHO}/reviews/r`)],
    ['v4 media', () => businessProfileClient(config).media('t', ACCOUNT, SOHO)],
    ['Places autocomplete', () => businessProfileClient(config).autocomplete('key', 'camden')],
  ];

  const failure = async (call: () => Promise<unknown>) => {
    const error = await call().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PlatformError);
    return error as PlatformError;
  };

  it.each(calls)('%s: 401 UNAUTHENTICATED is an expired connection', async (_name, call) => {
    answer = {
      status: 401,
      body: googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
    };
    const error = await failure(call);
    expect(error.failure).toBe('expired');
    expect(error.message).toBe(
      'Your Google My Business connection has expired. Reconnect Google My Business from the apps page.',
    );
  });

  it.each(calls)('%s: 403 PERMISSION_DENIED names the missing access', async (_name, call) => {
    answer = { status: 403, body: googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission') };
    const error = await failure(call);
    expect(error.failure).toBe('permission');
    expect(error.message).toBe('Google did not give us access to your Business Profile. Connect again and allow it.');
  });

  it.each(calls)('%s: 429 RESOURCE_EXHAUSTED waits as long as Retry-After says', async (_name, call) => {
    answer = {
      status: 429,
      body: googleError(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Requests'"),
      headers: { 'retry-after': '300' },
    };
    const error = await failure(call);
    expect(error.failure).toBe('rate-limited');
    expect(error.retryAfterSeconds).toBe(300);
    expect(error.message).toBe('Google My Business is limiting requests right now. Please try again in 5 minutes.');
  });

  it.each(calls)('%s: 5xx is an outage', async (_name, call) => {
    answer = { status: 503, body: googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.') };
    const error = await failure(call);
    expect(error.failure).toBe('unavailable');
    expect(error.message).toBe('Google My Business is not answering right now. Please try again in a few minutes.');
    expect(error.transient).toBe(true);
  });

  it('a 429 without Retry-After waits a minute', async () => {
    answer = { status: 429, body: googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded') };
    const error = await failure(() => businessProfileClient(config).reviews('t', ACCOUNT, SOHO));
    expect(error.retryAfterSeconds).toBe(60);
    expect(error.message).toBe('Google My Business is limiting requests right now. Please try again in a minute.');
  });
});
