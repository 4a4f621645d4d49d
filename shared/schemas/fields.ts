import { z } from 'zod';
import { messages } from '../messages';
import { PASSWORD_MIN_LENGTH } from '../constants';

/**
 * Field builders shared by every form and endpoint. Each check carries the spec's sentence;
 * a missing or non-string value reports the "required" sentence, which is what a user of a
 * form means by it.
 */
export const requiredText = (required: string) => z.string({ error: required }).trim().min(1, required);

export const emailField = (required: string = messages.emailRequired, invalid: string = messages.emailInvalid) =>
  z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(254, invalid)
    .pipe(z.email({ error: invalid }).or(z.literal('').transform(() => '')));

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
  const trimmed = options.trim === false ? base : base.trim();
  return trimmed.superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: 'custom', message: required });
    else if (value.length < min) ctx.addIssue({ code: 'custom', message: tooShort });
    else if (options.max !== undefined && value.length > options.max) {
      ctx.addIssue({ code: 'custom', message: options.tooLong ?? `Must be no longer than ${options.max} characters.` });
    }
  });
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
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,15}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number({ error: message }).int(message).positive(message));
