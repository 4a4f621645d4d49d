import { z } from 'zod';
import { listMailbox } from '../../core/mail/mailbox-mailer';
import { defineRoute } from '../../core/http/route';

/** Developer tools of the embedded runtime; marked localOnly, so absent from AWS. */
export const routes = [
  defineRoute({
    method: 'GET',
    path: '/api/dev/mailbox',
    access: 'public',
    localOnly: true,
    query: z.object({ to: z.string().max(320).optional() }),
    handle: async ({ query }) => ({ messages: await listMailbox(50, query.to) }),
  }),
];
