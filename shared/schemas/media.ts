import { z } from 'zod/mini';
import { messages } from '../messages';

/** Spec 01 §9: the largest file an upload or an import may be. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/**
 * The most pixels an image may have: 40 megapixels (8000 × 5000), more than cameras save by
 * default (phones bin their 48 to 200 MP sensors to 12 MP), though a full-resolution 50 MP photo
 * must be scaled down first. A PNG of one colour compresses 256 megapixels into under a megabyte,
 * and decoding those took the server 20 s and gigabytes; anything larger is refused from its
 * header, before decoding.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Spec 01 §9: 3 files start at once, the rest after a 500 ms wait. */
export const UPLOAD_BATCH_SIZE = 3;
export const UPLOAD_BATCH_WAIT_MS = 500;
/** Spec 01 §5: the library search waits this long after the last keystroke. */
export const MEDIA_SEARCH_DEBOUNCE_MS = 500;
/** Files one upload request may announce; the browser sends 3 at a time anyway. */
const MAX_FILES_PER_UPLOAD_REQUEST = 20;

export const MEDIA_TYPES = ['image', 'video', 'unknown'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Spec 01 §3: the supported extensions, each with the one Content-Type the server signs for it. */
export const MEDIA_EXTENSIONS = {
  jpg: { type: 'image', contentType: 'image/jpeg' },
  jpeg: { type: 'image', contentType: 'image/jpeg' },
  png: { type: 'image', contentType: 'image/png' },
  webp: { type: 'image', contentType: 'image/webp' },
  mp4: { type: 'video', contentType: 'video/mp4' },
  avi: { type: 'video', contentType: 'video/x-msvideo' },
  mov: { type: 'video', contentType: 'video/quicktime' },
  wmv: { type: 'video', contentType: 'video/x-ms-wmv' },
} as const satisfies Record<string, { type: MediaType; contentType: string }>;
export type MediaExtension = keyof typeof MEDIA_EXTENSIONS;

/** What the browser's file picker accepts: the supported extensions only. */
export const MEDIA_ACCEPT = Object.keys(MEDIA_EXTENSIONS)
  .map((ext) => `.${ext}`)
  .join(',');

/** The lower-cased extension of a file name ('' when it has none). */
export const extensionOf = (filename: string) => {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
};

export const isSupportedExtension = (ext: string): ext is MediaExtension => Object.hasOwn(MEDIA_EXTENSIONS, ext);

/** Spec 01 §3: image, video, or unknown (anything else, which is refused). */
export const mediaTypeOf = (filename: string): MediaType => {
  const ext = extensionOf(filename);
  return isSupportedExtension(ext) ? MEDIA_EXTENSIONS[ext].type : 'unknown';
};

/** The spec's sentence for a file the library refuses before any byte is sent, or undefined. */
export function uploadRefusal(file: { filename: string; size: number }): string | undefined {
  if (file.size > MAX_UPLOAD_BYTES) return messages.fileTooLarge;
  if (mediaTypeOf(file.filename) === 'unknown') return messages.unsupportedFileType;
  return undefined;
}

const mediaId = z.int().check(z.positive(messages.mediaNotFound));

/** Spec 01 §3 Media file. `url` and the thumbnails are short-lived signed addresses. */
export const mediaFileSchema = z.object({
  id: z.number(),
  type: z.enum(MEDIA_TYPES),
  filename: z.string(),
  description: z.string(),
  extension: z.string(),
  url: z.string(),
  thumbnails: z.object({ '256': z.string(), full: z.string() }),
  isUsed: z.boolean(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

const filenameField = z
  .string({ error: messages.filenameRequired })
  .check(
    z.trim(),
    z.minLength(1, messages.filenameRequired),
    z.maxLength(255, 'File name must be no longer than 255 characters.'),
  );

/** One file announced by POST /api/media/upload: its name picks the type, its size is signed. */
const uploadRequestItemSchema = z
  .object({
    filename: filenameField,
    size: z.int('File size must be a whole number of bytes.').check(z.minimum(1, 'The file is empty.')),
  })
  .check(
    z.refine((file) => file.size <= MAX_UPLOAD_BYTES, { message: messages.fileTooLarge, path: ['size'] }),
    z.refine((file) => mediaTypeOf(file.filename) !== 'unknown', {
      message: messages.unsupportedFileType,
      path: ['filename'],
    }),
  );

export const uploadRequestSchema = z
  .array(uploadRequestItemSchema)
  .check(
    z.minLength(1, 'Choose at least one file.'),
    z.maxLength(MAX_FILES_PER_UPLOAD_REQUEST, `Upload at most ${MAX_FILES_PER_UPLOAD_REQUEST} files at a time.`),
  );

/**
 * Where and how the browser PUTs one file: the URL plus the headers it must send exactly as
 * given (Content-Type chosen by the server from the extension, inline disposition, the pending
 * tag that lets an upload never completed expire). They are signed: S3 refuses any other.
 */
export const uploadTargetSchema = z.object({
  mediaID: z.number(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type UploadTarget = z.infer<typeof uploadTargetSchema>;

export const completeUploadSchema = z.object({ mediaID: mediaId });

export const mediaSearchQuerySchema = z.object({
  query: z.optional(z.string().check(z.maxLength(200), z.trim(), z.toLowerCase())),
});

export const mediaBatchSchema = z.object({
  ids: z.array(mediaId).check(z.maxLength(100, 'Ask for at most 100 files at a time.')),
});

export const mediaIdParams = z.object({
  id: z.pipe(
    z.string().check(z.regex(/^\d{1,15}$/, messages.mediaNotFound)),
    z.transform((value) => Number(value)),
  ),
});

export const updateMediaSchema = z.object({
  filename: z.optional(filenameField),
  description: z.optional(
    z.string().check(z.trim(), z.maxLength(2000, 'Description must be no longer than 2000 characters.')),
  ),
});

export const IMAGE_STYLE_TYPES = ['AUTO', 'GENERAL', 'REALISTIC', 'DESIGN', 'RENDER_3D', 'ANIME'] as const;
export type ImageStyleType = (typeof IMAGE_STYLE_TYPES)[number];

export const generateImageSchema = z.object({
  prompt: z
    .string({ error: messages.promptRequired })
    .check(
      z.trim(),
      z.minLength(1, messages.promptRequired),
      z.maxLength(1000, 'The description must be no longer than 1000 characters.'),
    ),
  style_type: z._default(z.enum(IMAGE_STYLE_TYPES, 'Please choose one of the styles.'), 'AUTO'),
});

export const generatedImagesSchema = z.object({ urls: z.array(z.string()), files: z.array(mediaFileSchema) });

export const importMediaSchema = z.object({
  url: z
    .string({ error: messages.urlInvalid })
    .check(z.trim(), z.minLength(1, messages.urlInvalid), z.maxLength(2048, messages.urlInvalid)),
});
