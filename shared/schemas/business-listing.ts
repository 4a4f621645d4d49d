import { z } from 'zod/mini';
import { GMB_DISCONNECTED_WARNING } from './business';

/**
 * The business listing's calls (spec 02 §7 "Business listing"): a location's profile, attributes,
 * reviews and media, categories, service types and place predictions. The location and its
 * attributes keep the Business Information API's shapes (the spec's update payload names them:
 * profile.description, phoneNumbers.primaryPhone, regularHours.periods...); reviews and media are
 * answered in the spec's entity shapes (02 §3).
 */

/** Spec 02 §2, §3 and §8, word for word. */
export const businessMessages = {
  notConnected: 'Not connected',
  noLocations: 'No business locations found',
  disconnected: GMB_DISCONNECTED_WARNING,
  noStarRating: 'No Star Rating',
  updateReplyFailed: 'Failed to update review reply',
  deleteReplyFailed: 'Failed to delete review reply',
  generateReplyFailed: 'Failed to generate review reply',
  serviceNameFallback: 'Could not load service name',
  confirmDeleteMedia: 'Are you sure you want to delete this media?',
  /** Ours: the Places key is a deployment setting. */
  placesNotSetUp: 'Searching for service areas is not set up yet.',
  locationNotFound: 'This location is not one of your Business Profile locations.',
  reviewNotFound: 'This review was not found on your Business Profile.',
  noMediaChosen: 'Choose at least one file from the media library.',
  /** Spec 02 §5's generic strings, which the update route and the profile form share. */
  required: 'Required field',
  invalidUrl: 'Invalid url',
  /** Ours: Google needs the country of an address, as its two-letter code. */
  countryCode: 'Enter the two-letter country code, such as GB.',
  /** Ours: a day's period closes on the day it opens, so it must close later. */
  closesBeforeOpening: 'The closing time must be after the opening time.',
} as const;

export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const BUSINESS_TYPES = ['CUSTOMER_LOCATION_ONLY', 'CUSTOMER_AND_BUSINESS_LOCATION'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

const ATTRIBUTE_VALUE_TYPES = ['BOOL', 'ENUM', 'URL', 'REPEATED_ENUM'] as const;

/** A location id as the path carries it: the digits of `locations/{id}`. */
export const locationParamsSchema = z.object({
  locationId: z.string().check(z.regex(/^\d{1,30}$/, 'Not Found')),
});
export const reviewParamsSchema = z.object({
  locationId: z.string().check(z.regex(/^\d{1,30}$/, 'Not Found')),
  reviewId: z.string().check(z.regex(/^[\w-]{1,200}$/, 'Not Found')),
});
export const mediaParamsSchema = z.object({
  locationId: z.string().check(z.regex(/^\d{1,30}$/, 'Not Found')),
  mediaId: z.string().check(z.regex(/^[\w-]{1,200}$/, 'Not Found')),
});

const text = (max: number) => z.string().check(z.maxLength(max, `field length cannot be more than ${max} symbols`));

/** An absolute http(s) address the URL parser accepts; Google refuses anything else. */
function isWebUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/]+/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
const webUrl = (max: number) => text(max).check(z.refine((v) => v === '' || isWebUrl(v), businessMessages.invalidUrl));

/**
 * The limits of the Location's text fields, the update route's and the profile form's
 * (shared/business-profile.ts), so both say the same sentence.
 */
export const locationText = {
  title: text(100),
  description: text(750),
  phone: text(40),
  websiteUri: webUrl(2048),
  addressLine: text(200),
  locality: text(100),
  administrativeArea: text(100),
  postalCode: text(20),
  regionCode: text(2),
  uri: webUrl(2048),
};

const timeOfDaySchema = z.object({
  hours: z.optional(z.int().check(z.minimum(0), z.maximum(24))),
  minutes: z.optional(z.int().check(z.minimum(0), z.maximum(59))),
});
export type TimeOfDay = z.infer<typeof timeOfDaySchema>;

const timePeriodSchema = z.object({
  openDay: z.enum(WEEKDAYS),
  openTime: timeOfDaySchema,
  closeDay: z.enum(WEEKDAYS),
  closeTime: timeOfDaySchema,
});

const postalAddressSchema = z.object({
  regionCode: z.optional(locationText.regionCode),
  postalCode: z.optional(locationText.postalCode),
  administrativeArea: z.optional(locationText.administrativeArea),
  locality: z.optional(locationText.locality),
  addressLines: z.optional(z.array(locationText.addressLine).check(z.maxLength(5))),
});

const categorySchema = z.object({ name: text(200), displayName: z.optional(text(200)) });
export type Category = z.infer<typeof categorySchema>;

const placeInfoSchema = z.object({ placeName: z.optional(text(300)), placeId: text(300) });

const serviceItemSchema = z.object({
  structuredServiceItem: z.optional(z.object({ serviceTypeId: text(200), description: z.optional(text(300)) })),
  freeFormServiceItem: z.optional(
    z.object({
      category: text(200),
      label: z.object({ displayName: text(140), description: z.optional(text(250)) }),
    }),
  ),
});

/** The Location fields the business manager reads and writes (Business Information API v1). */
const locationFields = {
  title: z.optional(locationText.title),
  profile: z.optional(z.object({ description: locationText.description })),
  phoneNumbers: z.optional(z.object({ primaryPhone: z.optional(locationText.phone) })),
  storefrontAddress: z.optional(postalAddressSchema),
  websiteUri: z.optional(locationText.websiteUri),
  regularHours: z.optional(z.object({ periods: z.optional(z.array(timePeriodSchema).check(z.maxLength(28))) })),
  categories: z.optional(
    z.object({
      primaryCategory: z.optional(categorySchema),
      additionalCategories: z.optional(z.array(categorySchema).check(z.maxLength(9))),
    }),
  ),
  serviceArea: z.optional(
    z.object({
      businessType: z.optional(z.enum(BUSINESS_TYPES)),
      places: z.optional(z.object({ placeInfos: z.optional(z.array(placeInfoSchema).check(z.maxLength(20))) })),
      regionCode: z.optional(text(2)),
    }),
  ),
  serviceItems: z.optional(z.array(serviceItemSchema).check(z.maxLength(100))),
};

export const locationSchema = z.object({ name: z.string(), ...locationFields });
export type Location = z.infer<typeof locationSchema>;

const attributeSchema = z.object({
  name: text(200).check(z.regex(/^attributes\/[\w.-]+$/, 'Not Found')),
  valueType: z.enum(ATTRIBUTE_VALUE_TYPES),
  values: z.optional(z.array(z.union([z.boolean(), z.string()])).check(z.maxLength(50))),
  uriValues: z.optional(z.array(z.object({ uri: locationText.uri })).check(z.maxLength(10))),
  repeatedEnumValue: z.optional(
    z.object({ setValues: z.optional(z.array(text(200))), unsetValues: z.optional(z.array(text(200))) }),
  ),
});
export type Attribute = z.infer<typeof attributeSchema>;

export const attributesSchema = z.object({ name: z.string(), attributes: z.array(attributeSchema) });
export type Attributes = z.infer<typeof attributesSchema>;

/** Attribute metadata (attributes.list): what a location may set, by group. */
export const attributeMetadataSchema = z.object({
  parent: z.string(),
  valueType: z.enum(ATTRIBUTE_VALUE_TYPES),
  displayName: z.string(),
  groupDisplayName: z.optional(z.string()),
  repeatable: z.optional(z.boolean()),
  valueMetadata: z.optional(z.array(z.object({ value: z.union([z.boolean(), z.string()]), displayName: z.string() }))),
});
export type AttributeMetadata = z.infer<typeof attributeMetadataSchema>;
export const attributeMetadataListSchema = z.array(attributeMetadataSchema);

/**
 * PATCH /api/business/locations/{locationId} (spec 02 §7 "Update payload"): the location's
 * fields to write (the update mask is the fields sent) and the attributes to set.
 */
export const locationUpdateSchema = z.object({
  location: z.optional(z.object({ name: z.optional(z.string()), ...locationFields })),
  attributes: z.optional(
    z.object({ name: z.optional(z.string()), attributes: z.array(attributeSchema).check(z.maxLength(200)) }),
  ),
});
export type LocationUpdate = z.infer<typeof locationUpdateSchema>;

export const locationProfileSchema = z.object({ location: locationSchema, attributes: attributesSchema });
export type LocationProfile = z.infer<typeof locationProfileSchema>;

/** Spec 02 §3 "Review": star ratings NONE 0, ONE 1 to FIVE 5. */
const reviewSchema = z.object({
  id: z.string(),
  comment: z.optional(z.string()),
  starRating: z.int().check(z.minimum(0), z.maximum(5)),
  reviewer: z.object({ name: z.string(), anonymous: z.boolean(), photoUrl: z.optional(z.string()) }),
  reviewReply: z.optional(z.object({ comment: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewsSchema = z.object({ reviews: z.array(reviewSchema) });

const REPLY_MAX_LENGTH = 4096;
export const replySchema = z.object({
  comment: z
    .string({ error: 'Required field' })
    .check(
      z.trim(),
      z.minLength(1, 'Required field'),
      z.maxLength(REPLY_MAX_LENGTH, `field length cannot be more than ${REPLY_MAX_LENGTH} symbols`),
    ),
});
export const reviewReplySchema = z.object({ comment: z.string() });
export const generatedReplySchema = z.object({ reply: z.string() });

/** Spec 02 §3 "Media item (listing)". */
const listingMediaSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  description: z.optional(z.string()),
  type: z.enum(['PHOTO', 'VIDEO']),
});
export type ListingMedia = z.infer<typeof listingMediaSchema>;
export const listingMediaListSchema = z.object({
  media: z.array(listingMediaSchema),
  customersMedia: z.array(listingMediaSchema),
});
export type ListingMediaList = z.infer<typeof listingMediaListSchema>;

/** POST media: media-library file ids, each becoming a listing photo or video. */
export const addMediaSchema = z.object({
  ids: z.array(z.int().check(z.positive())).check(z.minLength(1, businessMessages.noMediaChosen), z.maxLength(10)),
});

const categoryView = z.optional(z.enum(['BASIC', 'FULL']));
/** Spec 01 §9: listing categories are in English; Google's region defaults to US. */
export const categoriesQuerySchema = z.object({
  languageCode: z._default(z.string().check(z.regex(/^[a-z]{2}$/)), 'en'),
  regionCode: z._default(z.string().check(z.regex(/^[A-Z]{2}$/)), 'US'),
  view: categoryView,
  filter: z.optional(text(100)),
});
export const categoriesBatchQuerySchema = z.object({
  languageCode: z._default(z.string().check(z.regex(/^[a-z]{2}$/)), 'en'),
  view: categoryView,
  categories: z.string().check(z.minLength(1, 'Required field'), z.maxLength(2000)),
});
export const categoryListSchema = z.array(z.object({ name: z.string(), displayName: z.string() }));

export const serviceTypesQuerySchema = z.object({
  categories: z.string().check(z.maxLength(2000)),
});
const serviceTypeSchema = z.object({ serviceTypeId: z.string(), displayName: z.string() });
export type ServiceType = z.infer<typeof serviceTypeSchema>;
export const serviceTypesSchema = z.object({ serviceTypes: z.array(serviceTypeSchema) });

export const placesQuerySchema = z.object({
  q: z.string().check(z.trim(), z.minLength(1, 'Required field'), z.maxLength(200)),
});
const placePredictionSchema = z.object({
  placePrediction: z.object({ text: z.string(), placeId: z.string(), place: z.string() }),
});
export type PlacePrediction = z.infer<typeof placePredictionSchema>;
export const placePredictionsSchema = z.array(placePredictionSchema);
