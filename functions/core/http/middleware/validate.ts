import { en } from 'zod/locales';
import { config, safeParse } from 'zod/v4/core';
import type { $ZodError } from 'zod/v4/core';
import type { Schema } from '@shared/contract';
import { messages } from '@shared/messages';
import type { FieldError } from '@shared/schemas/errors';
import { invalid } from '../../errors';
import type { HttpMiddleware } from '../event';
import type { RouteDef } from '../route';

// Shared schemas are zod/mini, which sets no locale: checks without a spec sentence answer in
// zod's English ("Too big: expected string to have <=200 characters") whichever modules a bundle loads.
config(en());

function zodIssuesToFieldErrors(error: $ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * Parses body, query and path parameters with the route's zod schemas. A missing body is
 * parsed as {} so every missing field reports its own spec message instead of one
 * "expected object".
 */
export function validate(route: RouteDef): HttpMiddleware {
  return {
    before: ({ event }) => {
      const errors: FieldError[] = [];
      const { contract } = route;
      const run = (schema: Schema | undefined, input: unknown) => {
        if (!schema) return input;
        const result = safeParse(schema, input);
        if (result.success) return result.data;
        errors.push(...zodIssuesToFieldErrors(result.error));
        return undefined;
      };
      const body = run(contract.body, event.state.json ?? (contract.body ? {} : undefined));
      const query = run(contract.query, event.queryStringParameters ?? {});
      const params = run(contract.params, event.pathParameters ?? {});
      if (errors.length) throw invalid(errors[0]?.message || messages.validationFailed, errors);
      event.state.parsed = { body, query, params };
    },
  };
}
