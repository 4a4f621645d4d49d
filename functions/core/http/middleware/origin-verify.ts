import { timingSafeEqual } from 'node:crypto';
import { forbidden } from '../errors';
import { header, type HttpMiddleware } from '../event';

/** Set in AWS only: the value CloudFront adds to every /api request as x-origin-verify. */
export const originVerifySecret = () => process.env.ORIGIN_VERIFY_SECRET || undefined;

/**
 * Refuses requests that did not come through CloudFront (the HTTP API's own execute-api
 * URL is public). Behind this check, CloudFront's headers can be trusted.
 */
export function originVerify(): HttpMiddleware {
  return {
    before: ({ event }) => {
      const expected = originVerifySecret();
      if (!expected) return;
      const given = Buffer.from(header(event, 'x-origin-verify') ?? '');
      const want = Buffer.from(expected);
      if (given.length !== want.length || !timingSafeEqual(given, want)) throw forbidden();
    },
  };
}
