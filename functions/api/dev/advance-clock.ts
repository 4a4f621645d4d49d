import { devTestContracts } from '@shared/contracts/dev';
import { advanceClock as advance } from '../../core/clock';
import { defineRoute, ok } from '../../core/http/route';

/** POST /api/dev/clock: moves the schedules' clock forward (tests bring a schedule due). */
export const advanceClock = defineRoute(devTestContracts.advanceClock, {
  access: 'public',
  localOnly: true,
  handle: async ({ body }) => ok({ now: advance(body.advanceSeconds * 1000).toISOString() }),
});
