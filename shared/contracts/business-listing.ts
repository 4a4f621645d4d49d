import { defineContract } from '../contract';
import {
  addMediaSchema,
  attributeMetadataListSchema,
  attributesSchema,
  categoriesBatchQuerySchema,
  categoriesQuerySchema,
  categoryListSchema,
  listingMediaListSchema,
  locationParamsSchema,
  locationProfileSchema,
  locationUpdateSchema,
  mediaParamsSchema,
  placePredictionsSchema,
  placesQuerySchema,
  replySchema,
  reviewParamsSchema,
  reviewReplySchema,
  reviewsSchema,
  serviceTypesQuerySchema,
  serviceTypesSchema,
} from '../schemas/business-listing';
import { jobStartedSchema } from '../schemas/lrp';

const location = '/api/business/locations/{locationId}';

/**
 * The business manager's listing calls (spec 02 §7 "Business listing"), on the chosen Business
 * Profile account's locations; behind GoogleMyBusinessIntegration.
 */
export const businessListingContracts = {
  location: defineContract({
    method: 'GET',
    path: location,
    summary: "A location's profile: its Business Information fields and its attributes",
    params: locationParamsSchema,
    responses: { 200: locationProfileSchema },
  }),
  updateLocation: defineContract({
    method: 'PATCH',
    path: location,
    summary: 'Update a location: the fields sent (the update mask) and the attributes sent; answers the profile',
    params: locationParamsSchema,
    body: locationUpdateSchema,
    responses: { 200: locationProfileSchema },
  }),
  attributes: defineContract({
    method: 'GET',
    path: `${location}/attributes`,
    summary: "A location's attributes and their values",
    params: locationParamsSchema,
    responses: { 200: attributesSchema },
  }),
  availableAttributes: defineContract({
    method: 'GET',
    path: `${location}/available-attributes`,
    summary: 'The attributes a location may set (value type, group), in English',
    params: locationParamsSchema,
    responses: { 200: attributeMetadataListSchema },
  }),
  serviceTypes: defineContract({
    method: 'GET',
    path: `${location}/service-types`,
    summary: "The structured services of the given categories (comma-joined), in the location's region",
    params: locationParamsSchema,
    query: serviceTypesQuerySchema,
    responses: { 200: serviceTypesSchema },
  }),
  reviews: defineContract({
    method: 'GET',
    path: `${location}/reviews`,
    summary: "A location's reviews, newest first, with their replies",
    params: locationParamsSchema,
    responses: { 200: reviewsSchema },
  }),
  reply: defineContract({
    method: 'POST',
    path: `${location}/reviews/{reviewId}/reply`,
    summary: "Reply to a review, or replace the reply (Google's reply PUT)",
    params: reviewParamsSchema,
    body: replySchema,
    responses: { 200: reviewReplySchema },
  }),
  deleteReply: defineContract({
    method: 'DELETE',
    path: `${location}/reviews/{reviewId}/reply`,
    summary: "Delete a review's reply",
    params: reviewParamsSchema,
    responses: { 204: null },
  }),
  generateReply: defineContract({
    method: 'POST',
    path: `${location}/reviews/{reviewId}/generate`,
    summary: 'Write a reply to a review with AI (job; the result is {reply})',
    params: reviewParamsSchema,
    responses: { 202: jobStartedSchema },
  }),
  media: defineContract({
    method: 'GET',
    path: `${location}/media`,
    summary: "A location's photos and videos: the owner's (media) and the customers' (customersMedia)",
    params: locationParamsSchema,
    responses: { 200: listingMediaListSchema },
  }),
  addMedia: defineContract({
    method: 'POST',
    path: `${location}/media`,
    summary: 'Add media-library files to the location; answers the media lists',
    params: locationParamsSchema,
    body: addMediaSchema,
    responses: { 200: listingMediaListSchema },
  }),
  deleteMedia: defineContract({
    method: 'DELETE',
    path: `${location}/media/{mediaId}`,
    summary: "Delete one of the location's own photos or videos",
    params: mediaParamsSchema,
    responses: { 204: null },
  }),
  categories: defineContract({
    method: 'GET',
    path: '/api/business/categories',
    summary: 'Business categories (languageCode en, regionCode US, view), optionally filtered by name',
    query: categoriesQuerySchema,
    responses: { 200: categoryListSchema },
  }),
  categoriesBatch: defineContract({
    method: 'GET',
    path: '/api/business/categories/batch',
    summary: 'Named categories (comma-joined), with their display names',
    query: categoriesBatchQuerySchema,
    responses: { 200: categoryListSchema },
  }),
  places: defineContract({
    method: 'GET',
    path: '/api/business/places/autocomplete',
    summary: 'Place predictions for a service area (Places autocomplete)',
    query: placesQuerySchema,
    responses: { 200: placePredictionsSchema },
  }),
};
