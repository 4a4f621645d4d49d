import {
  businessMessages,
  type Attributes,
  type ListingMedia,
  type ListingMediaList,
  type Location,
  type LocationProfile,
  type LocationUpdate,
  type PlacePrediction,
  type Review,
  type ServiceType,
} from '@shared/schemas/business-listing';
import { messages } from '@shared/messages';
import { conflict, invalid, notFound } from '../errors';
import type { Connection } from '../integrations/connection-entity';
import { getConnection } from '../integrations/connection-store';
import { requireFlag } from '../integrations/app-flags';
import { googleClient } from '../integrations/google-client';
import { withGoogleToken } from '../integrations/google-connection';
import { platformConfig } from '../platform-config';
import { PlatformError } from '../integrations/platform-error';
import { presignMediaDownload } from '../media/media-objects';
import { readyMediaItems } from '../media/media-store';
import { businessProfileClient, type GoogleMediaItem, type GoogleReview } from './business-profile-client';

/**
 * The business manager's listing (spec 02 §7 "Business listing"): the chosen Business Profile
 * account's locations, read and written live at Google with the company's Google My Business
 * connection. Nothing of the listing is stored here: Google is its only copy.
 */

type NamedCategory = { name: string; displayName: string };

const client = () => businessProfileClient(platformConfig());

/** What a listing call works with: the access token, the chosen account and the location's name. */
interface Listing {
  token: string;
  account: string;
}

/**
 * A listing call with a fresh token (google-connection refreshes it as for every Google
 * connection). The flag and the chosen account are checked first; a grant Google no longer
 * honours has marked the connection by then, and answers the spec's disconnected warning.
 */
async function withListing<T>(companyId: number, fn: (listing: Listing) => Promise<T>): Promise<T> {
  requireFlag('GoogleMyBusinessIntegration', 'Google My Business');
  const connection: Connection | undefined = await getConnection(companyId, 'google-my-business');
  if (connection?.status === 'connected' && !connection.profile) {
    throw conflict('Choose a Business Profile account on the apps page first.');
  }
  try {
    return await withGoogleToken(companyId, 'google-my-business', (token, current) =>
      fn({ token, account: current.profile?.id ?? '' }),
    );
  } catch (error) {
    if (error instanceof PlatformError && error.failure === 'expired') {
      throw new PlatformError('google-my-business', 'expired', businessMessages.disconnected, error.detail);
    }
    throw error;
  }
}

const locationName = (locationId: string) => `locations/${locationId}`;

/**
 * Only the chosen account's locations are worked on: Google would let a user reach any location
 * they manage, but the business manager shows one account's.
 */
async function requireLocation(listing: Listing, locationId: string): Promise<string> {
  const locations = await googleClient(platformConfig(), 'google-my-business').locations(
    listing.token,
    listing.account,
  );
  const name = locationName(locationId);
  if (!locations.some((l) => l.id === name)) throw notFound(businessMessages.locationNotFound);
  return name;
}

export const getLocationProfile = (companyId: number, locationId: string): Promise<LocationProfile> =>
  withListing(companyId, async (listing) => {
    const name = await requireLocation(listing, locationId);
    const [location, attributes] = await Promise.all([
      client().location(listing.token, name),
      client().attributes(listing.token, name),
    ]);
    return { location, attributes };
  });

/**
 * The update mask is the fields the body carries, at the depth the spec's payload names them
 * (profile.description, phoneNumbers.primaryPhone); the attribute mask the attributes sent.
 */
function updateMaskOf(location: NonNullable<LocationUpdate['location']>): string[] {
  const mask: string[] = [];
  for (const [field, value] of Object.entries(location) as [string, unknown][]) {
    if (field === 'name' || value === undefined) continue;
    if (field === 'profile') mask.push('profile.description');
    else if (field === 'phoneNumbers') mask.push('phoneNumbers.primaryPhone');
    else mask.push(field);
  }
  return mask;
}

export const updateLocationProfile = (
  companyId: number,
  locationId: string,
  update: LocationUpdate,
): Promise<LocationProfile> =>
  withListing(companyId, async (listing) => {
    const name = await requireLocation(listing, locationId);
    const { name: _ignored, ...fields } = update.location ?? {};
    const mask = update.location ? updateMaskOf(update.location) : [];
    const location = mask.length
      ? await client().updateLocation(listing.token, name, fields, mask)
      : await client().location(listing.token, name);
    const sent = update.attributes?.attributes ?? [];
    const attributes: Attributes = sent.length
      ? await client().updateAttributes(listing.token, name, sent)
      : await client().attributes(listing.token, name);
    return { location, attributes };
  });

export const getAttributes = (companyId: number, locationId: string) =>
  withListing(companyId, async (listing) =>
    client().attributes(listing.token, await requireLocation(listing, locationId)),
  );

export const getAvailableAttributes = (companyId: number, locationId: string) =>
  withListing(companyId, async (listing) =>
    client().availableAttributes(listing.token, await requireLocation(listing, locationId)),
  );

const splitNames = (joined: string) =>
  [
    ...new Set(
      joined
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, 50);

/** Service types of the chosen categories, in the location's own region (its address, else its service area). */
export const getServiceTypes = (
  companyId: number,
  locationId: string,
  categories: string,
): Promise<{ serviceTypes: ServiceType[] }> =>
  withListing(companyId, async (listing) => {
    const names = splitNames(categories);
    if (!names.length) return { serviceTypes: [] };
    const location: Location = await client().location(listing.token, await requireLocation(listing, locationId));
    const regionCode = location.storefrontAddress?.regionCode || location.serviceArea?.regionCode || 'US';
    const found = await client().batchCategories(listing.token, {
      names,
      languageCode: 'en',
      regionCode,
      view: 'FULL',
    });
    const seen = new Set<string>();
    const serviceTypes = found
      .flatMap((c) => c.serviceTypes ?? [])
      .filter((s) => !seen.has(s.serviceTypeId) && seen.add(s.serviceTypeId));
    return { serviceTypes };
  });

export const listCategories = (
  companyId: number,
  query: { languageCode: string; regionCode: string; view?: 'BASIC' | 'FULL'; filter?: string },
): Promise<NamedCategory[]> =>
  withListing(companyId, async (listing) =>
    (await client().categories(listing.token, query)).map(({ name, displayName }) => ({ name, displayName })),
  );

export const batchCategories = (
  companyId: number,
  query: { languageCode: string; view?: 'BASIC' | 'FULL'; categories: string },
): Promise<NamedCategory[]> =>
  withListing(companyId, async (listing) => {
    const names = splitNames(query.categories);
    return (
      await client().batchCategories(listing.token, { names, languageCode: query.languageCode, view: query.view })
    ).map(({ name, displayName }) => ({ name, displayName }));
  });

const STARS = { STAR_RATING_UNSPECIFIED: 0, ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 } as const;

function toReview(r: GoogleReview): Review {
  return {
    id: r.reviewId,
    ...(r.comment ? { comment: r.comment } : {}),
    starRating: STARS[r.starRating ?? 'STAR_RATING_UNSPECIFIED'],
    reviewer: {
      name: r.reviewer.displayName ?? 'A Google user',
      anonymous: r.reviewer.isAnonymous ?? false,
      ...(r.reviewer.profilePhotoUrl ? { photoUrl: r.reviewer.profilePhotoUrl } : {}),
    },
    ...(r.reviewReply ? { reviewReply: { comment: r.reviewReply.comment } } : {}),
    createdAt: r.createTime,
    updatedAt: r.updateTime ?? r.createTime,
  };
}

export const listReviews = (companyId: number, locationId: string): Promise<{ reviews: Review[] }> =>
  withListing(companyId, async (listing) => {
    const name = await requireLocation(listing, locationId);
    return { reviews: (await client().reviews(listing.token, listing.account, name)).map(toReview) };
  });

/** Where a listing is, as its customers would say it: the storefront's town, else its first service area. */
function listingPlace(location: Location): string | null {
  const address = location.storefrontAddress;
  const served = location.serviceArea?.places?.placeInfos?.find((p) => p.placeName)?.placeName;
  return address?.locality || served || address?.administrativeArea || null;
}

/**
 * What the reply generator is told: the review, and the listing it is on (its title and place),
 * so a reply to a review of the London shop never signs off from the company's Bristol one.
 */
export const getReviewToReply = (
  companyId: number,
  locationId: string,
  reviewId: string,
): Promise<{ review: Review; listing: { title: string | null; place: string | null } }> =>
  withListing(companyId, async (listing) => {
    const name = await requireLocation(listing, locationId);
    const [reviews, location] = await Promise.all([
      client().reviews(listing.token, listing.account, name),
      client().location(listing.token, name),
    ]);
    const found = reviews.find((r) => r.reviewId === reviewId);
    if (!found) throw notFound(businessMessages.reviewNotFound);
    return { review: toReview(found), listing: { title: location.title || null, place: listingPlace(location) } };
  });

const reviewName = (listing: Listing, locationId: string, reviewId: string) =>
  `${listing.account}/${locationName(locationId)}/reviews/${reviewId}`;

export const replyToReview = (companyId: number, locationId: string, reviewId: string, comment: string) =>
  withListing(companyId, async (listing) => {
    await requireLocation(listing, locationId);
    const reply = await client().reply(listing.token, reviewName(listing, locationId, reviewId), comment);
    return { comment: reply.comment };
  });

export const deleteReviewReply = (companyId: number, locationId: string, reviewId: string) =>
  withListing(companyId, async (listing) => {
    await requireLocation(listing, locationId);
    await client().deleteReply(listing.token, reviewName(listing, locationId, reviewId));
  });

const toMedia = (m: GoogleMediaItem): ListingMedia => ({
  id: m.name.split('/').pop() ?? m.name,
  url: m.googleUrl ?? m.sourceUrl ?? '',
  thumbnailUrl: m.thumbnailUrl ?? m.googleUrl ?? '',
  ...(m.description ? { description: m.description } : {}),
  type: m.mediaFormat,
});

async function mediaLists(listing: Listing, name: string): Promise<ListingMediaList> {
  const [media, customersMedia] = await Promise.all([
    client().media(listing.token, listing.account, name),
    client().customerMedia(listing.token, listing.account, name),
  ]);
  return { media: media.map(toMedia), customersMedia: customersMedia.map(toMedia) };
}

export const listListingMedia = (companyId: number, locationId: string) =>
  withListing(companyId, async (listing) => mediaLists(listing, await requireLocation(listing, locationId)));

/**
 * Media-library files become listing photos and videos: Google fetches each from a signed link
 * to our bucket (media.create's sourceUrl), so nothing is uploaded through us.
 */
export const addListingMedia = (companyId: number, locationId: string, ids: number[]) =>
  withListing(companyId, async (listing) => {
    const name = await requireLocation(listing, locationId);
    const items = await readyMediaItems(companyId, ids);
    if (items.length !== new Set(ids).size) throw invalid(messages.mediaNotOfCompany);
    for (const item of items) {
      await client().addMedia(listing.token, listing.account, name, {
        mediaFormat: item.mediaType === 'video' ? 'VIDEO' : 'PHOTO',
        sourceUrl: await presignMediaDownload(item.objectKey),
        ...(item.description ? { description: item.description } : {}),
      });
    }
    return mediaLists(listing, name);
  });

export const deleteListingMedia = (companyId: number, locationId: string, mediaId: string) =>
  withListing(companyId, async (listing) => {
    const name = await requireLocation(listing, locationId);
    await client().deleteMedia(listing.token, `${listing.account}/${name}/media/${mediaId}`);
  });

/** Places autocomplete for service areas: the Places API key is a deployment setting. */
export const placePredictions = (companyId: number, q: string): Promise<PlacePrediction[]> =>
  withListing(companyId, async () => {
    const key = platformConfig().googlePlacesApiKey;
    if (!key) throw conflict(businessMessages.placesNotSetUp);
    const found = await client().autocomplete(key, q);
    return found.map((p) => ({ placePrediction: p }));
  });
