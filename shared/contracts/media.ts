import { z } from 'zod/mini';
import { defineContract } from '../contract';
import { completeUploadSchema, mediaFileSchema, uploadRequestSchema, uploadTargetSchema } from '../schemas/media';

/** Spec 02 §7: the browser uploads straight to storage; the API signs and then confirms. */
export const mediaContracts = {
  upload: defineContract({
    method: 'POST',
    path: '/api/media/upload',
    permission: 'content',
    summary: 'Sign one PUT per announced file (type from the extension, size signed); the files stay pending',
    body: uploadRequestSchema,
    responses: { 200: z.array(uploadTargetSchema) },
  }),
  complete: defineContract({
    method: 'POST',
    path: '/api/media/complete',
    permission: 'content',
    summary: 'Confirm an upload: check the real type from its first bytes, make thumbnails, add it to the library',
    body: completeUploadSchema,
    responses: { 200: mediaFileSchema },
  }),
};
