import { z } from 'zod/mini';

/** One field error as the API answers it on 422 (spec 01 §5: "a list of path plus message"). */
const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every non-2xx JSON body the API sends. `errors` only on 422. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.optional(z.array(fieldErrorSchema)),
  /** A machine-readable reason where the UI reacts to one (EMAIL_NOT_VERIFIED). */
  code: z.optional(z.string()),
  requestId: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Normalises both 422 shapes the spec allows (a list of {path, message}, or a map of
 * field → messages) into one map of field → first message, which is what forms show.
 */
export function fieldErrorsFrom(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object') return out;
  const errors: unknown = (body as { errors?: unknown }).errors ?? body;
  if (Array.isArray(errors)) {
    for (const e of errors) {
      const parsed = fieldErrorSchema.safeParse(e);
      if (parsed.success && !(parsed.data.path in out)) out[parsed.data.path] = parsed.data.message;
    }
    return out;
  }
  if (typeof errors === 'object' && errors !== null) {
    for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
      if (Array.isArray(value) && typeof value[0] === 'string') out[field] = value[0];
      else if (typeof value === 'string' && field !== 'message') out[field] = value;
    }
  }
  return out;
}
