import { useCallback, useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core';
import { ApiError, errorMessage } from './api-client';

/** What a form holds: one value per field, as its inputs show it. */
// `object`, not a string-keyed record: form types are interfaces, which have no index signature.
export type FormValues = object;

/** A field's name, or a path into it as zod and the API spell it ('locations.1'). */
export type FieldPath<V extends FormValues> = Extract<keyof V, string> | `${Extract<keyof V, string>}.${string}`;

/** The first message for each failing path; what the inputs show under themselves. */
export type FieldErrors<V extends FormValues> = Partial<Record<FieldPath<V>, string>>;

/** Props for a native input, select or textarea: a checkbox when the field holds a boolean. */
export interface Registration {
  name: string;
  ref: (element: HTMLElement | null) => void;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  value?: string;
  checked?: boolean;
}

/** Props for a control that is not one native input (a list of locations). */
export interface Binding<T> {
  value: T;
  onChange: (next: T) => void;
  inputRef: (element: HTMLElement | null) => void;
}

/** The first message per path, in the order zod reported them. */
function errorsFromIssues<V extends FormValues>(issues: readonly $ZodIssue[]): FieldErrors<V> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/** `path` and what it is under, nearest first: 'locations.1' → ['locations.1', 'locations']. */
const pathAndParents = (path: string) =>
  path.split('.').map((_, i, parts) => parts.slice(0, parts.length - i).join('.'));

/**
 * A form bound to a zod schema that validates on submit only, never on change or blur, including
 * after a first failed submit (spec 01 §5). `initial` is what the inputs hold (text for numbers,
 * booleans for checkboxes); the schema turns it into what `onValid` receives. Values live in React
 * state, so a reset or a server error shows at once; errors stay until the next submit or reset.
 */
export function useSubmitOnlyForm<V extends FormValues, O>(schema: $ZodType<O>, initial: V) {
  const [first] = useState(initial);
  const [values, setValues] = useState<V>(first);
  const [baseline, setBaseline] = useState<V>(first);
  const [errors, setErrorsState] = useState<FieldErrors<V>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const elements = useRef(new Map<string, HTMLElement>());

  /** Focuses the first failing field as the page shows it, so keyboard users land on the problem. */
  const focusFirst = useCallback((failed: FieldErrors<V>) => {
    const targets = Object.keys(failed)
      .map((path) =>
        pathAndParents(path)
          .map((p) => elements.current.get(p))
          .find(Boolean),
      )
      .filter((element): element is HTMLElement => element !== undefined && element.isConnected);
    targets.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    targets[0]?.focus();
  }, []);

  /** Shows `next` (e.g. a server 422) on the fields and focuses the first; returns nothing new to validate. */
  const setErrors = useCallback(
    (next: FieldErrors<V>) => {
      setErrorsState(next);
      focusFirst(next);
    },
    [focusFirst],
  );

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  const refFor = (name: string) => (element: HTMLElement | null) => {
    if (element) elements.current.set(name, element);
    else elements.current.delete(name);
  };

  const register = (name: Extract<keyof V, string>): Registration => {
    const current = values[name];
    const ref = refFor(name);
    if (typeof current === 'boolean') {
      return {
        name,
        ref,
        checked: current,
        onChange: (event) => setValue(name, (event.target as HTMLInputElement).checked as V[typeof name]),
      };
    }
    return {
      name,
      ref,
      value: typeof current === 'string' ? current : String(current ?? ''),
      onChange: (event) => setValue(name, event.target.value as V[typeof name]),
    };
  };

  const bind = <K extends Extract<keyof V, string>>(name: K): Binding<V[K]> => ({
    value: values[name],
    onChange: (next) => setValue(name, next),
    inputRef: refFor(name),
  });

  /** Back to `next` (or the first values), which become the new "unchanged"; errors cleared. */
  const reset = (next: V = first) => {
    setValues(next);
    setBaseline(next);
    setErrorsState({});
  };

  /**
   * The submit: `onValid` gets the parsed values. `submitted` is what the submit itself adds, as a
   * form's submitter adds its name and value (which of a post's Save, Schedule or Publish Now),
   * parsed with the inputs' values and kept out of them.
   */
  const handleSubmit =
    (onValid: (data: O) => Promise<void> | void, submitted?: Partial<V>) => async (event?: SyntheticEvent) => {
      event?.preventDefault();
      // Parsed synchronously (no form's schema refines asynchronously): the messages, or the
      // pending state, render with the submit event itself rather than a few ticks after it.
      const parsed = safeParse(schema, submitted ? { ...values, ...submitted } : values);
      if (!parsed.success) {
        setErrors(errorsFromIssues<V>(parsed.error.issues));
        return;
      }
      setErrorsState({});
      setSubmitting(true);
      try {
        await onValid(parsed.data);
      } finally {
        setSubmitting(false);
      }
    };

  return {
    values,
    errors,
    isSubmitting,
    isDirty: JSON.stringify(values) !== JSON.stringify(baseline),
    register,
    bind,
    /** The ref of an input that edits a part of a field ('slots.facebook.1'), so a failing part is focused. */
    inputRef: (path: FieldPath<V>) => refFor(path),
    setValue,
    setErrors,
    reset,
    handleSubmit,
  };
}

/** The messages for each item of a list field ('locations.0', 'locations.2' → [m0, undefined, m2]). */
export function itemErrors<V extends FormValues>(errors: FieldErrors<V>, name: Extract<keyof V, string>) {
  const items: (string | undefined)[] = [];
  for (const [path, message] of Object.entries(errors) as [string, string][]) {
    const [root, index] = path.split('.');
    if (root === name && index !== undefined && /^\d+$/.test(index)) items[Number(index)] = message;
  }
  return items;
}

/** The first message at `path` or at any path under it ('slots.facebook.1' takes 'slots.facebook.1.0'). */
export function errorAt<V extends FormValues>(errors: FieldErrors<V>, path: string): string | undefined {
  for (const [at, message] of Object.entries(errors) as [string, string][]) {
    if (at === path || at.startsWith(`${path}.`)) return message;
  }
  return undefined;
}

/**
 * Which server paths a form shows: the fields it has (a path is kept when its first part is one),
 * or, where the request is not shaped like the form, the form path each server path lands on
 * (undefined: no input shows it).
 */
export type ServerFields = readonly string[] | ((serverPath: string) => string | undefined);

/**
 * Puts a server 422 (either spec shape, already normalised by ApiError) onto the form's fields,
 * limited to `fields` when given. Returns true when at least one field took an error, so the
 * caller knows whether to show the message elsewhere as well.
 */
export function applyServerErrors<V extends FormValues>(
  error: unknown,
  setErrors: (errors: FieldErrors<V>) => void,
  fields?: ServerFields,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const taken: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    const root = path.split('.')[0] ?? path;
    const at = typeof fields === 'function' ? fields(path) : !fields || fields.includes(root) ? path : undefined;
    if (at === undefined || at in taken) continue;
    taken[at] = message;
  }
  if (!Object.keys(taken).length) return false;
  setErrors(taken);
  return true;
}

/**
 * The submit of a form that shows a server failure itself: `send` gets the valid values; a 422 on
 * `fields` goes onto those fields, any other failure becomes `failure`, cleared on the next submit.
 */
export function useSubmitWithFailure<V extends FormValues, O>(
  form: {
    handleSubmit: (onValid: (data: O) => Promise<void>) => (event?: SyntheticEvent) => Promise<void>;
    setErrors: (errors: FieldErrors<V>) => void;
  },
  fields: ServerFields,
  send: (data: O) => Promise<void>,
) {
  const [failure, setFailure] = useState<string>();
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await send(values);
    } catch (error) {
      if (!applyServerErrors(error, form.setErrors, fields)) setFailure(errorMessage(error));
    }
  });
  return { onSubmit, failure };
}

/** Waits at least `ms` from `since`, e.g. the reset request's 5-second floor. */
export const waitUntil = (since: number, ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, since + ms - Date.now())));
