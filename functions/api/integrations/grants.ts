import { defineGrants, TABLE_READ_WRITE } from '../../core/grants';

/**
 * Connections and connect state are table items; tokens are sealed and opened with the
 * platform-token KMS key; the platforms' app credentials sit in the OAuth clients secret; a
 * connection's refresh is a one-time schedule.
 */
export const grants = defineGrants({
  table: TABLE_READ_WRITE,
  secrets: ['oauth-clients'],
  tokenKey: ['encrypt', 'decrypt'],
  schedules: true,
});
