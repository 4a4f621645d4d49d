import { devContracts } from '@shared/contracts/dev';
import { listMailbox } from '../../core/mail/mailbox-mailer';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/dev/mailbox: the newest 50 mails the app "sent" (the dev mailbox page). */
export const mailbox = defineRoute(devContracts.mailbox, {
  access: 'public',
  localOnly: true,
  handle: async ({ query }) => ok({ messages: await listMailbox(50, query.to) }),
});
