import { z } from 'zod/mini';
import { messages } from '../messages';
import { normalizeWordPressSite, wordpressSiteMessages } from '../wordpress-site';

/** The social platforms a company connects from the apps tab (spec 01 §2, 02 §7). */
export const SOCIAL_PLATFORMS = ['facebook', 'instagram', 'threads', 'linkedin'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** The platforms where the user chooses a page or profile to publish to (Threads posts as the account itself). */
export const PROFILE_PLATFORMS = ['facebook', 'instagram', 'linkedin'] as const;
export type ProfilePlatform = (typeof PROFILE_PLATFORMS)[number];

export const PLATFORM_LABELS: Record<SocialPlatform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  threads: 'Threads',
  linkedin: 'LinkedIn',
};

/**
 * Every platform a company connects: the social platforms, WordPress, the Google profile (with
 * Search Console) and Google My Business. Each connection is one stored item of one kind.
 */
export const CONNECTED_PLATFORMS = [...SOCIAL_PLATFORMS, 'wordpress', 'google', 'google-my-business'] as const;
export type ConnectedPlatform = (typeof CONNECTED_PLATFORMS)[number];

/** What sentences call each connected platform ("Reconnect Google from the apps page."). */
export const CONNECTION_LABELS: Record<ConnectedPlatform, string> = {
  ...PLATFORM_LABELS,
  wordpress: 'WordPress',
  google: 'Google',
  'google-my-business': 'Google My Business',
};

export const isSocialPlatform = (platform: string): platform is SocialPlatform =>
  (SOCIAL_PLATFORMS as readonly string[]).includes(platform);

export const platformParams = z.object({
  platform: z.enum(SOCIAL_PLATFORMS, { error: 'Unknown platform.' }),
});
export const profilePlatformParams = z.object({
  platform: z.enum(PROFILE_PLATFORMS, { error: 'This platform has no pages or profiles to choose from.' }),
});

/** A page, business account, organisation or the member's own profile. */
const integrationProfileSchema = z.object({ id: z.string(), name: z.string() });

/**
 * Spec 01 §3: connected and an optional message; a social connection also has its profile.
 * `reconnect` says the connection can no longer be refreshed: the user connects again.
 */
export const integrationStatusSchema = z.object({
  connected: z.boolean(),
  message: z.optional(z.string()),
  profile: z.optional(integrationProfileSchema),
  reconnect: z.optional(z.boolean()),
});
export type IntegrationStatus = z.infer<typeof integrationStatusSchema>;

export const integrationProfilesSchema = z.array(integrationProfileSchema);

export const connectQuerySchema = z.object({
  inviteToken: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export const connectAnswerSchema = z.object({ url: z.string() });

export const chooseProfileSchema = z.object({
  id: z.string().check(z.minLength(1, 'Choose a page or profile.'), z.maxLength(200)),
});

export const callbackQuerySchema = z.object({
  code: z.optional(z.string().check(z.maxLength(2000))),
  state: z.optional(z.string().check(z.maxLength(200))),
  error: z.optional(z.string().check(z.maxLength(200))),
  error_description: z.optional(z.string().check(z.maxLength(2000))),
});

/** One call a sandbox platform received (embedded runtime only; secrets blanked). */
const sandboxRequestSchema = z.object({
  at: z.string(),
  platform: z.string(),
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.string()),
  status: z.number(),
});
export const sandboxRequestsSchema = z.object({ requests: z.array(sandboxRequestSchema) });

/*
 * WordPress, the Google profile and Search Console. They connect like the social
 * platforms but under their own paths: WordPress asks for the site first, Google's consent
 * grants Search Console's read scope.
 */

/** POST /api/integrations/wordpress/connect: the site (spec 01 §5's rule) and an optional invite. */
export const wordpressConnectSchema = z.object({
  website: z.pipe(
    z.string({ error: wordpressSiteMessages.required }).check(z.maxLength(2048, messages.urlInvalid)),
    z.transform((value: string, ctx) => {
      const result = normalizeWordPressSite(value);
      if (!result.ok) {
        ctx.issues.push({ code: 'custom', message: result.message, input: value });
        return z.NEVER;
      }
      return result.url;
    }),
  ),
  inviteToken: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});

/**
 * Where WordPress sends the browser back: the authorize-application page appends site_url,
 * user_login and password on approval, success=false on refusal; WordPress.com's OAuth
 * appends code (or error). Our state rides in the URL we gave it.
 */
export const wordpressCallbackQuerySchema = z.object({
  state: z.optional(z.string().check(z.maxLength(200))),
  site_url: z.optional(z.string().check(z.maxLength(2048))),
  user_login: z.optional(z.string().check(z.maxLength(200))),
  password: z.optional(z.string().check(z.maxLength(200))),
  success: z.optional(z.string().check(z.maxLength(10))),
  code: z.optional(z.string().check(z.maxLength(2000))),
  error: z.optional(z.string().check(z.maxLength(200))),
  error_description: z.optional(z.string().check(z.maxLength(2000))),
});

/** A category or tag of the connected WordPress site; `parent` for a category under another. */
const wordpressTermSchema = z.object({
  id: z.number(),
  name: z.string(),
  parent: z.optional(z.number()),
});
export type WordPressSiteTerm = z.infer<typeof wordpressTermSchema>;

/** GET /api/integrations/wordpress/terms: what the site files posts under, read from it. */
export const wordpressTermsListSchema = z.object({
  categories: z.array(wordpressTermSchema),
  tags: z.array(wordpressTermSchema),
});
export type WordPressTermsList = z.infer<typeof wordpressTermsListSchema>;

/** A Search Console property (sites.list's siteEntry): a URL-prefix or a `sc-domain:` property. */
const searchConsoleSiteSchema = z.object({ url: z.string(), permissionLevel: z.string() });
export type SearchConsoleSite = z.infer<typeof searchConsoleSiteSchema>;
export const searchConsoleSitesSchema = z.array(searchConsoleSiteSchema);

/** GET /api/integrations/search-console/website: the chosen property, if any. */
export const searchConsoleWebsiteSchema = z.object({ url: z.optional(z.string()) });
export const chooseWebsiteSchema = z.object({
  url: z.string({ error: 'Choose a website.' }).check(z.minLength(1, 'Choose a website.'), z.maxLength(2048)),
});
