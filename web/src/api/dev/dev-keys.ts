/** The embedded runtime's dev pages: the mailbox and the platform stand-ins' request log. */
export const devKeys = {
  mailbox: (to: string) => ['dev', 'mailbox', to] as const,
  mailboxAvailable: ['dev', 'mailbox-available'] as const,
  sandboxRequests: ['dev', 'sandbox-requests'] as const,
};
