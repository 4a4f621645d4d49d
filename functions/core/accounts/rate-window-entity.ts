import { z } from 'zod';
import { defineEntity } from '../table/entity';

/**
 * RATE#<scope>#<key> / W#<window>: the attempts counted in one window of a rate limit (an
 * atomic ADD each), kept through the next window (which weighs it) and a minute more. Keyed by what is limited, not by
 * its fields: each write names its key.
 */
export const rateWindows = defineEntity({
  type: 'rate-window',
  schema: z.object({ count: z.number(), ttl: z.number() }),
});
