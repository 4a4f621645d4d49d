import { defineGrants, TABLE_READ_WRITE } from '../../core/grants';

/**
 * The Google My Business connection and its connect state are table items; its tokens are
 * sealed and opened with the platform-token KMS key; Google's app credentials sit in the OAuth
 * clients secret.
 */
export const grants = defineGrants({
  table: TABLE_READ_WRITE,
  secrets: ['oauth-clients'],
  tokenKey: ['encrypt', 'decrypt'],
});
