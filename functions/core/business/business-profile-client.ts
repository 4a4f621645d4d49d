import {
  attributeMetadataSchema,
  attributesSchema,
  locationSchema,
  type Attribute,
  type AttributeMetadata,
  type Attributes,
  type Location,
} from '@shared/schemas/business-listing';
import { z } from 'zod';
import { classifyGoogleError } from '../integrations/google-client';
import type { PlatformConfig } from '../platform-config';
import { callPlatform, fetchPlatform, type PlatformRequest } from '../integrations/platform-http';

/**
 * The Business Profile APIs the business manager calls, by their documented shapes:
 * - Business Information API v1: a location (readMask / updateMask), its attributes (get, and
 *   patch with attributeMask), the attributes it may set (attributes.list with parent), and
 *   categories (list and batchGet, with languageCode, regionCode and view);
 * - Google My Business API v4: a location's reviews (list, reply PUT, reply DELETE) and media
 *   (list, the customers' list, create from a sourceUrl, delete);
 * - Places API (New): places:autocomplete for service areas, with the Places API key.
 * Every error answer goes through Google's classifier (401 expired, 403, 429 with Retry-After, 5xx).
 */

/** The Location fields the business manager reads. */
const LOCATION_READ_MASK =
  'name,title,profile,phoneNumbers,storefrontAddress,websiteUri,regularHours,categories,serviceArea,serviceItems';

const PLATFORM = 'google-my-business' as const;

const reviewSchema = z.object({
  name: z.string(),
  reviewId: z.string(),
  reviewer: z.object({
    displayName: z.string().optional(),
    profilePhotoUrl: z.string().optional(),
    isAnonymous: z.boolean().optional(),
  }),
  starRating: z.enum(['STAR_RATING_UNSPECIFIED', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE']).optional(),
  comment: z.string().optional(),
  createTime: z.string(),
  updateTime: z.string().optional(),
  reviewReply: z.object({ comment: z.string(), updateTime: z.string().optional() }).optional(),
});
export type GoogleReview = z.infer<typeof reviewSchema>;

const mediaItemSchema = z.object({
  name: z.string(),
  mediaFormat: z.enum(['PHOTO', 'VIDEO']),
  googleUrl: z.string().optional(),
  thumbnailUrl: z.string().optional(),
  sourceUrl: z.string().optional(),
  description: z.string().optional(),
});
export type GoogleMediaItem = z.infer<typeof mediaItemSchema>;

const categoryWithServicesSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  serviceTypes: z.array(z.object({ serviceTypeId: z.string(), displayName: z.string() })).optional(),
});
export type GoogleCategory = z.infer<typeof categoryWithServicesSchema>;

const predictionSchema = z.object({
  placePrediction: z
    .object({ place: z.string(), placeId: z.string(), text: z.object({ text: z.string() }) })
    .optional(),
});

/** Pages followed at most: far more than a listing has, a bound for a misbehaving API. */
const MAX_PAGES = 20;

export function businessProfileClient(config: PlatformConfig) {
  const options = {
    platform: PLATFORM,
    timeoutMs: config.timeoutMs,
    classify: (a: Parameters<typeof classifyGoogleError>[1]) => classifyGoogleError(PLATFORM, a),
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = async <S extends z.core.$ZodType>(
    schema: S,
    url: URL,
    token: string,
    request: PlatformRequest = {},
  ): Promise<z.output<S>> => {
    const { body } = await callPlatform(
      schema,
      url,
      { ...request, headers: { ...bearer(token), ...request.headers } },
      options,
    );
    return body;
  };
  /** DELETE answers an empty body: any 2xx is done, an error status is classified. */
  const remove = async (url: URL, token: string) => {
    const answer = await fetchPlatform(url, { method: 'DELETE', headers: bearer(token) }, options);
    if (answer.status < 200 || answer.status >= 300) throw classifyGoogleError(PLATFORM, answer);
  };
  const info = (path: string) => new URL(`${config.googleBusinessInformation}/v1/${path}`);
  const v4 = (path: string) => new URL(`${config.googleMyBusiness}/v4/${path}`);

  async function pages<T>(first: URL, token: string, read: (body: Record<string, unknown>) => T[]): Promise<T[]> {
    const found: T[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = new URL(first);
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      const body = await call(z.record(z.string(), z.unknown()), url, token);
      found.push(...read(body));
      pageToken = typeof body.nextPageToken === 'string' ? body.nextPageToken : undefined;
      if (!pageToken) break;
    }
    return found;
  }

  return {
    /** locations.get: the fields of LOCATION_READ_MASK. */
    location(token: string, location: string): Promise<Location> {
      const url = info(location);
      url.searchParams.set('readMask', LOCATION_READ_MASK);
      return call(locationSchema, url, token);
    },

    /** locations.patch: only the fields named in updateMask are written. */
    updateLocation(
      token: string,
      location: string,
      fields: Omit<Location, 'name'>,
      updateMask: string[],
    ): Promise<Location> {
      const url = info(location);
      url.searchParams.set('updateMask', updateMask.join(','));
      return call(locationSchema, url, token, {
        method: 'PATCH',
        json: { name: location, ...fields },
      });
    },

    /** locations.getAttributes: absent `attributes` means none set. */
    async attributes(token: string, location: string): Promise<Attributes> {
      const body = await call(z.record(z.string(), z.unknown()), info(`${location}/attributes`), token);
      return attributesSchema.parse({ name: `${location}/attributes`, attributes: [], ...body });
    },

    /** locations.updateAttributes: the attributes named in attributeMask take the values sent. */
    async updateAttributes(token: string, location: string, attributes: Attribute[]): Promise<Attributes> {
      const url = info(`${location}/attributes`);
      url.searchParams.set('attributeMask', attributes.map((a) => a.name).join(','));
      const body = await call(z.record(z.string(), z.unknown()), url, token, {
        method: 'PATCH',
        json: { name: `${location}/attributes`, attributes },
      });
      return attributesSchema.parse({ name: `${location}/attributes`, attributes: [], ...body });
    },

    /**
     * attributes.list for a location (parent). Google documents `languageCode` as "must not be
     * set" when `parent` is given (the location's own language applies) and refuses it.
     */
    availableAttributes(token: string, location: string): Promise<AttributeMetadata[]> {
      const url = info('attributes');
      url.searchParams.set('parent', location);
      url.searchParams.set('pageSize', '200');
      return pages(url, token, (body) => z.array(attributeMetadataSchema).parse(body.attributeMetadata ?? []));
    },

    /** categories.list: one page of categories, filtered by display name when asked. */
    async categories(
      token: string,
      query: { languageCode: string; regionCode: string; view?: 'BASIC' | 'FULL'; filter?: string },
    ): Promise<GoogleCategory[]> {
      const url = info('categories');
      url.searchParams.set('languageCode', query.languageCode);
      url.searchParams.set('regionCode', query.regionCode);
      url.searchParams.set('view', query.view ?? 'BASIC');
      url.searchParams.set('pageSize', '100');
      if (query.filter) url.searchParams.set('filter', `displayName=${query.filter}`);
      const body = await call(z.object({ categories: z.array(categoryWithServicesSchema).optional() }), url, token);
      return body.categories ?? [];
    },

    /** categories:batchGet: the named categories (FULL adds their service types). */
    async batchCategories(
      token: string,
      query: { names: string[]; languageCode: string; regionCode?: string; view?: 'BASIC' | 'FULL' },
    ): Promise<GoogleCategory[]> {
      const url = info('categories:batchGet');
      for (const name of query.names) url.searchParams.append('names', name);
      url.searchParams.set('languageCode', query.languageCode);
      if (query.regionCode) url.searchParams.set('regionCode', query.regionCode);
      url.searchParams.set('view', query.view ?? 'BASIC');
      const body = await call(z.object({ categories: z.array(categoryWithServicesSchema).optional() }), url, token);
      return body.categories ?? [];
    },

    /** accounts.locations.reviews.list, every page, newest first. */
    reviews(token: string, account: string, location: string): Promise<GoogleReview[]> {
      const url = v4(`${account}/${location}/reviews`);
      url.searchParams.set('pageSize', '50');
      url.searchParams.set('orderBy', 'updateTime desc');
      return pages(url, token, (body) => z.array(reviewSchema).parse(body.reviews ?? []));
    },

    /** accounts.locations.reviews.updateReply: creates or replaces the reply. */
    reply(token: string, review: string, comment: string): Promise<{ comment: string }> {
      return call(z.object({ comment: z.string() }), v4(`${review}/reply`), token, {
        method: 'PUT',
        json: { comment },
      });
    },

    deleteReply: (token: string, review: string) => remove(v4(`${review}/reply`), token),

    /** accounts.locations.media.list and media.customers.list. */
    media: (token: string, account: string, location: string) =>
      pages(v4(`${account}/${location}/media`), token, (body) => z.array(mediaItemSchema).parse(body.mediaItems ?? [])),
    customerMedia: (token: string, account: string, location: string) =>
      pages(v4(`${account}/${location}/media/customers`), token, (body) =>
        z.array(mediaItemSchema).parse(body.mediaItems ?? []),
      ),

    /** accounts.locations.media.create: Google fetches the file from sourceUrl. */
    addMedia(
      token: string,
      account: string,
      location: string,
      item: { mediaFormat: 'PHOTO' | 'VIDEO'; sourceUrl: string; description?: string },
    ): Promise<GoogleMediaItem> {
      return call(mediaItemSchema, v4(`${account}/${location}/media`), token, {
        method: 'POST',
        json: { ...item, locationAssociation: { category: 'ADDITIONAL' } },
      });
    },

    deleteMedia: (token: string, media: string) => remove(v4(media), token),

    /** Places API (New) places:autocomplete, with the Places API key (not the user's token). */
    async autocomplete(apiKey: string, input: string): Promise<{ place: string; placeId: string; text: string }[]> {
      const { body: parsed } = await callPlatform(
        z.object({ suggestions: z.array(predictionSchema).optional() }),
        new URL(`${config.googlePlaces}/v1/places:autocomplete`),
        {
          method: 'POST',
          headers: { 'x-goog-api-key': apiKey },
          json: { input, includedPrimaryTypes: ['(regions)'], languageCode: 'en' },
        },
        options,
      );
      return (parsed.suggestions ?? []).flatMap((s) =>
        s.placePrediction
          ? [{ place: s.placePrediction.place, placeId: s.placePrediction.placeId, text: s.placePrediction.text.text }]
          : [],
      );
    },
  };
}
