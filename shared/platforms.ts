/**
 * The platforms and their names: what a page that lists posts needs. The rules that check a post
 * against them are platform-rules.ts, which only the post editor and the server download.
 */
export const SOCIAL_PLATFORMS = ['facebook', 'instagram', 'threads', 'linkedin'] as const;
export const BLOG_PLATFORMS = ['wordpress', 'custom-blog'] as const;
export const PLATFORMS = [...SOCIAL_PLATFORMS, ...BLOG_PLATFORMS] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export type BlogPlatform = (typeof BLOG_PLATFORMS)[number];
export type Platform = (typeof PLATFORMS)[number];

export const isBlogPlatform = (platform: Platform): platform is BlogPlatform =>
  (BLOG_PLATFORMS as readonly string[]).includes(platform);

/** How the interface names each platform. */
export const PLATFORM_LABELS: Record<Platform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  threads: 'Threads',
  linkedin: 'LinkedIn',
  wordpress: 'WordPress',
  'custom-blog': 'Custom blog',
};
