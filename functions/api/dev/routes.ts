import { devContracts, devTestContracts } from '@shared/contracts/dev';
import { advanceClock } from '../../core/clock';
import { listMailbox } from '../../core/mail/mailbox-mailer';
import { defineRoute, ok } from '../../core/http/route';

/** Developer tools of the embedded runtime; localOnly, so absent from AWS. */
export const routes = [
  defineRoute(devContracts.mailbox, {
    access: 'public',
    localOnly: true,
    handle: async ({ query }) => ok({ messages: await listMailbox(50, query.to) }),
  }),
  defineRoute(devTestContracts.advanceClock, {
    access: 'public',
    localOnly: true,
    handle: async ({ body }) => ok({ now: advanceClock(body.advanceSeconds * 1000).toISOString() }),
  }),
];
