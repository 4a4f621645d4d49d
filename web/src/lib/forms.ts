import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';

/**
 * Puts a server 422 (either spec shape) onto the form's fields. Returns true when at least one
 * field took an error, so the caller knows whether to show the message elsewhere as well.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    const root = path.split('.')[0] ?? path;
    if (fields && !fields.includes(root)) continue;
    setError(path as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** Waits at least `ms` from `since`, e.g. the reset request's 5-second floor. */
export const waitUntil = (since: number, ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, since + ms - Date.now())));

/**
 * A form bound to one of the shared zod schemas that validates on submit only, never on
 * change or blur (spec 01 §5), including after a first failed submit.
 */
export function useSubmitOnlyForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues,
  });
}
