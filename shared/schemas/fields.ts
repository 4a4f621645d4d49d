import { z } from 'zod/mini';
import { messages } from '../messages';
import { PASSWORD_MIN_LENGTH } from '../constants';

/*
 * Shared schemas are zod/mini: every page parses its API answers with them, and mini's functions
 * tree-shake where the classic build's methods cannot (the first-load budget).
 */

/**
 * Field builders shared by every form and endpoint. Each check carries the spec's sentence;
 * a missing or non-string value reports the "required" sentence, which is what a user of a
 * form means by it.
 */
export const requiredText = (required: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, required));

export const emailField = (required: string = messages.emailRequired, invalid: string = messages.emailInvalid) =>
  z.pipe(
    z.string({ error: required }).check(z.trim(), z.toLowerCase(), z.minLength(1, required), z.maxLength(254, invalid)),
    z.union([
      z.email({ error: invalid }),
      z.pipe(
        z.literal(''),
        z.transform(() => ''),
      ),
    ]),
  );

/**
 * Text with a "required" sentence and a separate "too short" one: exactly one of them is
 * reported, so an empty field never shows "too short".
 */
export const textWithMin = (
  required: string,
  min: number,
  tooShort: string,
  options: { trim?: boolean; max?: number; tooLong?: string } = {},
) => {
  const base = z.string({ error: required });
  const trimmed = options.trim === false ? base : base.check(z.trim());
  return trimmed.check(
    z.superRefine((value: string, ctx) => {
      if (value.length === 0) ctx.addIssue({ code: 'custom', message: required });
      else if (value.length < min) ctx.addIssue({ code: 'custom', message: tooShort });
      else if (options.max !== undefined && value.length > options.max) {
        ctx.addIssue({
          code: 'custom',
          message: options.tooLong ?? `Must be no longer than ${options.max} characters.`,
        });
      }
    }),
  );
};

/** Sign in, sign up, reset: the same two sentences; the upper bound keeps hashing cheap. */
export const passwordField = (required: string = messages.passwordRequired, min: string = messages.passwordMin) =>
  textWithMin(required, PASSWORD_MIN_LENGTH, min, {
    trim: false,
    max: 256,
    tooLong: 'Password must be no longer than 256 characters.',
  });

/** Numbers the spec types as ids arrive as JSON numbers or as digits from a URL. */
export const numericId = (message = 'Invalid id') =>
  z.pipe(
    z.union([z.number(), z.pipe(z.string().check(z.regex(/^\d{1,15}$/, message)), z.transform(Number))], {
      error: message,
    }),
    z.number({ error: message }).check(z.int(message), z.positive(message)),
  );

/**
 * Runs `fn` on the raw value before `schema` parses it (zod/mini has no `preprocess`): a form's
 * text turned into the number or list the shared schema checks.
 */
export const preprocess = <S extends z.core.$ZodType>(
  fn: (value: unknown) => unknown,
  schema: S,
): z.ZodMiniPipe<z.ZodMiniTransform, S> => z.pipe(z.transform(fn), schema);
