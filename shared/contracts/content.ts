import { z } from 'zod/mini';
import { defineContract } from '../contract';
import {
  generatedImagesSchema,
  generateImageSchema,
  importMediaSchema,
  mediaBatchSchema,
  mediaFileSchema,
  mediaIdParams,
  mediaSearchQuerySchema,
  updateMediaSchema,
} from '../schemas/media';

/** Spec 02 §7 Content: the media library of the selected company. */
export const contentContracts = {
  files: defineContract({
    method: 'GET',
    path: '/api/content/files',
    permission: 'view',
    summary: "The selected company's media, newest first; query searches filename and description",
    query: mediaSearchQuerySchema,
    responses: { 200: z.array(mediaFileSchema) },
  }),
  batch: defineContract({
    method: 'POST',
    path: '/api/content/files/batch',
    permission: 'view',
    summary: 'The media files with these ids, in the order asked; ids not in the library are left out',
    body: mediaBatchSchema,
    responses: { 200: z.array(mediaFileSchema) },
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/content/{id}',
    permission: 'content',
    summary: 'Rename a media file or change its description; only the fields sent change',
    params: mediaIdParams,
    body: updateMediaSchema,
    responses: { 200: mediaFileSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/content/{id}',
    permission: 'content',
    summary: 'Delete a media file and its thumbnails (refused while a post uses it)',
    params: mediaIdParams,
    responses: { 204: null },
  }),
  generate: defineContract({
    method: 'POST',
    path: '/api/content/generate',
    permission: 'content',
    summary: 'Generate an image from a prompt and style with the AI port and add it to the library',
    body: generateImageSchema,
    responses: { 201: generatedImagesSchema },
  }),
  import: defineContract({
    method: 'POST',
    path: '/api/content/import',
    permission: 'content',
    summary: 'Fetch a file from an address (safe fetcher, same limits and type checks as uploads) into the library',
    body: importMediaSchema,
    responses: { 201: mediaFileSchema },
  }),
};
