import { defineGrants } from '../../core/grants';

/**
 * Feature flags come from the environment. The access middleware still resolves a session
 * cookie when one is sent (public routes know who is signed in), which is one GetItem.
 */
export const grants = defineGrants({
  table: ['GetItem'],
});
