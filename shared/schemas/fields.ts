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

/** Sign in, sign up, reset: the same two sentences; bcrypt-style limits keep hashing cheap. */
export const passwordField = (required: string = messages.passwordRequired, min: string = messages.passwordMin) =>
  z
    .string({ error: required })
    .min(1, required)
    .min(PASSWORD_MIN_LENGTH, min)
    .max(256, 'Password must be no longer than 256 characters.');

/** Numbers the spec types as ids arrive as JSON numbers or as digits from a URL. */
export const numericId = (message = 'Invalid id') =>
  z.union([z.number(), z.string().regex(/^\d{1,15}$/, message).transform(Number)], { error: message }).pipe(
    z.number({ error: message }).int(message).positive(message),
  );
