import { describe, expect, it } from 'vitest';
import { businessMessages } from '../../shared/schemas/business-listing';
import { signedInUser, type TestClient } from '../support/api-client';
import { connectGoogle } from '../support/app-connect';
import { failNextPlatformCall } from '../support/platform-connect';
import { uploadImage } from './calendar-support';

const ACCOUNT = 'accounts/110000000000000000002';
const SOHO = '5500000000000000001';
const CAMDEN = '5500000000000000002';

/** A company connected to Google My Business as its own Google user, with the bakery's account chosen. */
async function connectedListing(label: string) {
  const user = await signedInUser(label);
  const name = `Gmb ${label} ${Date.now()}`;
  const { consent } = await connectGoogle(user.client, '/api/business/connect', { name });
  expect((await user.client.post('/api/business/account', { id: ACCOUNT })).status).toBe(200);
  const sandbox = consent.origin;
  const listing = async () =>
    (await fetch(`${sandbox}/__sandbox/google/listing?name=${encodeURIComponent(name)}`)).json();
  return { ...user, sandbox, listing, name };
}

async function generated(client: TestClient, path: string) {
  const started = await client.post(path);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  for (let i = 0; i < 300; i++) {
    const res = await client.get(`/api/lrp/${started.body.uuid as string}`);
    if (res.status !== 202) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the reply job never finished');
}

describe('business listing', () => {
  it('reads a location and writes exactly the fields and attributes sent', async () => {
    const { client, listing } = await connectedListing('profile');
    const read = await client.get(`/api/business/locations/${CAMDEN}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.location.title).toBe('Sandbox Bakery Camden');
    expect(read.body.location.storefrontAddress).toBeUndefined();
    expect(read.body.attributes.attributes).toContainEqual({
      name: 'attributes/has_delivery',
      valueType: 'BOOL',
      values: [true],
    });

    const saved = await client.patch(`/api/business/locations/${CAMDEN}`, {
      location: {
        title: 'Sandbox Bakery Camden',
        phoneNumbers: { primaryPhone: '+44 20 7946 0099' },
        regularHours: {
          periods: [
            { openDay: 'SUNDAY', openTime: { hours: 10 }, closeDay: 'SUNDAY', closeTime: { hours: 14, minutes: 30 } },
          ],
        },
        serviceArea: {
          businessType: 'CUSTOMER_LOCATION_ONLY',
          places: { placeInfos: [{ placeName: 'Islington, London, UK', placeId: 'ChIJ8-8mPK0EdkgRSo8-Z6IWW2Q' }] },
        },
      },
      attributes: { attributes: [{ name: 'attributes/url_order_ahead', valueType: 'URL', uriValues: [] }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.location.phoneNumbers).toEqual({ primaryPhone: '+44 20 7946 0099' });
    expect(saved.body.location.websiteUri).toBe('https://www.sandbox-bakery.example/camden');
    // A URL attribute sent with an empty list is unset.
    expect(saved.body.attributes.attributes.map((a: { name: string }) => a.name)).toEqual(['attributes/has_delivery']);

    const { updates } = (await listing()) as { updates: { location: string; updateMask: string[] }[] };
    expect(updates.at(-1)).toMatchObject({
      location: `locations/${CAMDEN}`,
      updateMask: ['title', 'phoneNumbers.primaryPhone', 'regularHours', 'serviceArea'],
    });
  });

  it('answers the spec sentences and ours for what it refuses', async () => {
    const stranger = await signedInUser('gmb-none');
    const none = await stranger.client.get(`/api/business/locations/${SOHO}`);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('Google My Business is not connected. Connect it from the apps page.');

    const { client } = await connectedListing('refusals');
    const unknown = await client.get('/api/business/locations/42');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(businessMessages.locationNotFound);

    const blank = await client.post(`/api/business/locations/${SOHO}/reviews/AbFvOqsoho4/reply`, { comment: '  ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors[0]).toMatchObject({ path: 'comment', message: 'Required field' });

    const long = await client.post(`/api/business/locations/${SOHO}/reviews/AbFvOqsoho4/reply`, {
      comment: 'x'.repeat(4097),
    });
    expect(long.status).toBe(422);
    expect(long.body.errors[0].message).toBe('field length cannot be more than 4096 symbols');

    const badUrl = await client.patch(`/api/business/locations/${SOHO}`, { location: { websiteUri: 'ftp://x' } });
    expect(badUrl.status).toBe(422);
    expect(badUrl.body.errors[0]).toMatchObject({ path: 'location.websiteUri', message: 'Invalid url' });

    const noReview = await client.post(`/api/business/locations/${SOHO}/reviews/nope/generate`);
    expect(noReview.status).toBe(404);
    expect(noReview.body.message).toBe(businessMessages.reviewNotFound);

    const noFiles = await client.post(`/api/business/locations/${SOHO}/media`, { ids: [] });
    expect(noFiles.status).toBe(422);
    expect(noFiles.body.errors[0].message).toBe(businessMessages.noMediaChosen);

    // Another company's media-library file is not this company's to publish.
    const other = await signedInUser('gmb-other-media');
    const foreign = await uploadImage(other.client);
    const stolen = await client.post(`/api/business/locations/${SOHO}/media`, { ids: [foreign] });
    expect(stolen.status).toBe(422);
    expect(stolen.body.message).toBe("Some of the chosen media files are not in this company's library.");

    const emptyQuery = await client.get('/api/business/places/autocomplete?q=');
    expect(emptyQuery.status).toBe(422);
  });

  it("maps Google's 403, 429 with Retry-After and 5xx to sentences; a 401 Google keeps answering disconnects", async () => {
    // Other files read the same fixture categories meanwhile: each failure is for this Google user's calls only.
    const { client, sandbox, name: account } = await connectedListing('errors');
    const path = '/google-business-information/v1/categories:batchGet';
    const batch = () => client.get('/api/business/categories/batch?categories=categories/gcid:bakery');
    expect((await batch()).body).toEqual([{ name: 'categories/gcid:bakery', displayName: 'Bakery' }]);

    await failNextPlatformCall(
      sandbox,
      path,
      {
        status: 403,
        body: { error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' } },
      },
      { account },
    );
    const denied = await batch();
    expect(denied.status).toBe(422);
    expect(denied.body.message).toBe(
      'Google did not give us access to your Business Profile. Connect again and allow it.',
    );

    await fetch(`${sandbox}/__sandbox/fail-next`, {
      method: 'POST',
      body: JSON.stringify({
        path,
        status: 429,
        body: { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } },
        headers: { 'retry-after': '120' },
        account,
      }),
    });
    const limited = await batch();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('120');
    expect(limited.body.message).toBe(
      'Google My Business is limiting requests right now. Please try again in 2 minutes.',
    );

    await failNextPlatformCall(sandbox, path, { status: 503, body: {} }, { account });
    const down = await batch();
    expect(down.status).toBe(422);
    expect(down.body.message).toBe('Google My Business is not answering right now. Please try again in a few minutes.');

    // 401 once is a token Google revoked early: refreshed and tried again.
    const unauthenticated = {
      error: { code: 401, message: 'Request had invalid credentials.', status: 'UNAUTHENTICATED' },
    };
    await failNextPlatformCall(sandbox, path, { status: 401, body: unauthenticated }, { account });
    expect((await batch()).status).toBe(200);
    // 401 after a fresh token too: the connection is marked and the spec's warning answers.
    await failNextPlatformCall(sandbox, path, { status: 401, body: unauthenticated }, { account });
    await failNextPlatformCall(sandbox, path, { status: 401, body: unauthenticated }, { account });
    const gone = await batch();
    expect(gone.status).toBe(409);
    expect(gone.body).toMatchObject({ code: 'PLATFORM_RECONNECT', message: businessMessages.disconnected });
    expect((await client.get('/api/business/status')).body).toEqual({ connected: false, message: 'disconnected' });
    expect((await client.get(`/api/business/locations/${SOHO}`)).body.message).toBe(businessMessages.disconnected);
  });

  it('replies, deletes a reply and generates one as a job; adds and deletes media from the library', async () => {
    const { client, listing } = await connectedListing('reviews');
    const { reviews } = (await client.get(`/api/business/locations/${SOHO}/reviews`)).body as {
      reviews: { id: string; starRating: number; reviewReply?: { comment: string } }[];
    };
    expect(reviews.map((r) => r.starRating).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    const open = reviews.find((r) => !r.reviewReply && r.starRating === 4)!;
    const replied = await client.post(`/api/business/locations/${SOHO}/reviews/${open.id}/reply`, {
      comment: 'Thanks Tom!',
    });
    expect(replied.body).toEqual({ comment: 'Thanks Tom!' });
    expect((await client.delete(`/api/business/locations/${SOHO}/reviews/${open.id}/reply`)).status).toBe(204);
    const after = (await listing()) as { reviews: Record<string, { reviewId: string; reviewReply?: unknown }[]> };
    expect(after.reviews[`locations/${SOHO}`]!.find((r) => r.reviewId === open.id)!.reviewReply).toBeUndefined();

    // The company's own place is Bristol; the review is on its Soho listing, in London.
    expect((await client.patch('/api/company/company', { locations: ['Bristol'] })).status).toBe(200);
    const result = await generated(client, `/api/business/locations/${SOHO}/reviews/${open.id}/generate`);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.reply.length).toBeGreaterThan(20);
    expect(result.body.reply).toMatch(/\bin London\b/);
    expect(result.body.reply).not.toMatch(/Bristol/);
    expect(result.body.reply).toMatch(/The Sandbox Bakery Soho team$/);

    const fileId = await uploadImage(client);
    const added = await client.post(`/api/business/locations/${CAMDEN}/media`, { ids: [fileId] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.media).toHaveLength(2);
    const mine = added.body.media.find((m: { id: string }) => m.id.startsWith('AF1QipNew'));
    expect(mine.type).toBe('PHOTO');
    expect((await client.delete(`/api/business/locations/${CAMDEN}/media/${mine.id as string}`)).status).toBe(204);
    expect((await client.get(`/api/business/locations/${CAMDEN}/media`)).body.media).toHaveLength(1);
  });

  it('offers categories, service types of chosen categories and place predictions', async () => {
    const { client } = await connectedListing('lookups');
    expect((await client.get('/api/business/categories?filter=caf')).body).toEqual([
      { name: 'categories/gcid:cafe', displayName: 'Cafe' },
    ]);
    const services = await client.get(
      `/api/business/locations/${SOHO}/service-types?categories=categories/gcid:bakery,categories/gcid:cafe`,
    );
    expect(services.body.serviceTypes.map((s: { displayName: string }) => s.displayName)).toEqual([
      'Custom cakes',
      'Bread delivery',
      'Wholesale bread',
      'Coffee to go',
      'Breakfast',
    ]);
    const places = await client.get('/api/business/places/autocomplete?q=camden');
    expect(places.body[0]).toEqual({
      placePrediction: {
        text: 'Camden Town, London, UK',
        placeId: 'ChIJ3y5M8tYadkgRRy3Yb0GXxxQ',
        place: 'places/ChIJ3y5M8tYadkgRRy3Yb0GXxxQ',
      },
    });
  });
});
