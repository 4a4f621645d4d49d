import { PLATFORM_LABELS, type SocialPlatform } from '@shared/schemas/integrations';

/**
 * The permissions (OAuth scopes) each feature needs on each social platform, in one table: the
 * consent asks for all of them (`askedScopes`), and a connection granted fewer is marked for
 * reconnecting with a sentence naming the feature (`missingScope`). The endpoints and the scope
 * each needs are in docs/platforms/*.md with their sources.
 */
interface ScopeNeed {
  /** What the user loses without it, as the sentence names it. */
  feature: string;
  scopes: readonly string[];
  /** LinkedIn: needed only when posts go out as a member (person) or as a page (organization). */
  author?: 'person' | 'organization';
}

const SCOPE_NEEDS: Record<SocialPlatform, readonly ScopeNeed[]> = {
  facebook: [
    {
      feature: 'publishing to your page',
      scopes: ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts'],
    },
    // Pages API, comments: writing needs pages_manage_engagement, reading them back (the lookup
    // after an unclear answer) pages_read_user_engagement.
    { feature: 'first comments', scopes: ['pages_manage_engagement', 'pages_read_user_engagement'] },
    { feature: 'reports', scopes: ['read_insights'] },
  ],
  instagram: [
    {
      feature: 'publishing',
      scopes: [
        'instagram_basic',
        'instagram_content_publish',
        'pages_show_list',
        'pages_read_engagement',
        'business_management',
      ],
    },
    // IG Media Comments: instagram_basic, instagram_manage_comments, pages_read_engagement.
    { feature: 'first comments', scopes: ['instagram_manage_comments'] },
    { feature: 'reports', scopes: ['instagram_manage_insights'] },
  ],
  threads: [
    { feature: 'publishing', scopes: ['threads_basic', 'threads_content_publish'] },
    { feature: 'reports', scopes: ['threads_manage_insights'] },
  ],
  linkedin: [
    { feature: 'connecting your LinkedIn account', scopes: ['openid', 'profile'] },
    { feature: 'listing and reporting on the pages you administer', scopes: ['r_organization_admin'] },
    { feature: 'publishing on your profile', scopes: ['w_member_social'], author: 'person' },
    { feature: 'publishing on your page', scopes: ['w_organization_social'], author: 'organization' },
    // Reading posts (q=author) and comments back, which publishing does after an unclear answer
    // so nothing goes out twice: r_member_social (restricted) for a member, r_organization_social
    // for a page.
    {
      feature: 'checking LinkedIn for a post or comment before sending it again',
      scopes: ['r_member_social'],
      author: 'person',
    },
    {
      feature: 'checking LinkedIn for a post or comment before sending it again',
      scopes: ['r_organization_social'],
      author: 'organization',
    },
    {
      feature: 'reports on your profile',
      scopes: ['r_member_profileAnalytics', 'r_member_postAnalytics'],
      author: 'person',
    },
  ],
};

/** Every scope the consent asks for: all features, whichever profile is chosen afterwards. */
export const askedScopes = (platform: SocialPlatform): string[] => [
  ...new Set(SCOPE_NEEDS[platform].flatMap((need) => need.scopes)),
];

/**
 * What a connection made before granted scopes were recorded was granted: at most what the
 * consent asked for at the time (these lists), so a missing record is read as these.
 */
export const ASKED_BEFORE_RECORDING: Record<SocialPlatform, readonly string[]> = {
  facebook: ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts', 'read_insights'],
  instagram: [
    'instagram_basic',
    'instagram_content_publish',
    'instagram_manage_insights',
    'pages_show_list',
    'pages_read_engagement',
    'business_management',
  ],
  threads: ['threads_basic', 'threads_content_publish', 'threads_manage_insights'],
  linkedin: [
    'openid',
    'profile',
    'w_member_social',
    'r_organization_admin',
    'w_organization_social',
    'r_member_profileAnalytics',
    'r_member_postAnalytics',
  ],
};

/** Who a LinkedIn profile posts as: a member or an organisation page. */
const authorOf = (profileId: string | undefined) =>
  profileId?.startsWith('urn:li:organization:')
    ? 'organization'
    : profileId?.startsWith('urn:li:person:')
      ? 'person'
      : undefined;

/** Scopes as the platforms list them: comma- or space-separated. */
export const splitScopes = (scope: string | undefined): string[] | undefined =>
  scope === undefined ? undefined : scope.split(/[\s,]+/).filter(Boolean);

export const scopeSentences = {
  missing: (platform: SocialPlatform, feature: string, scope: string) =>
    `Your ${PLATFORM_LABELS[platform]} connection does not allow ${feature}: it was made without the ${scope} permission. Reconnect ${PLATFORM_LABELS[platform]} from the apps page and allow it.`,
};

/**
 * The sentence for the first feature a connection cannot serve for want of a scope, or
 * undefined when it has them all. `granted` absent: connected before scopes were recorded.
 * A LinkedIn profile not chosen yet is checked for what every profile needs.
 */
export function missingScope(
  platform: SocialPlatform,
  granted: readonly string[] | undefined,
  profileId?: string,
): string | undefined {
  const has = new Set(granted ?? ASKED_BEFORE_RECORDING[platform]);
  const author = authorOf(profileId);
  for (const need of SCOPE_NEEDS[platform]) {
    if (need.author && need.author !== author) continue;
    const scope = need.scopes.find((s) => !has.has(s));
    if (scope) return scopeSentences.missing(platform, need.feature, scope);
  }
  return undefined;
}
