import { defineGrants, TABLE_READ_WRITE } from '../../core/grants';

/**
 * Accounts: users, sessions, verification and reset links, rate-limit windows and OAuth state
 * are table items; verification and reset mails go out through SES; social sign-in reads the
 * OAuth client credentials.
 */
export const grants = defineGrants({
  table: TABLE_READ_WRITE,
  mail: true,
  secrets: ['oauth-clients'],
});
