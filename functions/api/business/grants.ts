import { defineGrants, TABLE_READ_WRITE } from '../../core/grants';

/**
 * The Google My Business connection and its connect state are table items; its tokens are
 * sealed and opened with the platform-token KMS key; Google's app credentials sit in the OAuth
 * clients secret. The listing itself lives at Google: adding media-library files signs GET
 * links to them (read, under companies/) for Google to fetch; generating a review reply writes
 * the job item and starts the run-job workflow.
 */
export const grants = defineGrants({
  table: TABLE_READ_WRITE,
  secrets: ['oauth-clients'],
  tokenKey: ['encrypt', 'decrypt'],
  media: { read: true, prefix: 'companies/' },
  workflows: ['run-job'],
});
