/**
 * The /api areas: one Lambda each in AWS (entry `functions/api/<name>/handler.ts`), one
 * handler each on the embedded runtime. `localOnly` areas are never deployed.
 */
export const AREAS = [
  { name: 'auth', localOnly: false },
  { name: 'company', localOnly: false },
  { name: 'metadata', localOnly: false },
  { name: 'lrp', localOnly: false },
  { name: 'plan', localOnly: false },
  { name: 'billing', localOnly: false },
  { name: 'seo', localOnly: false },
  { name: 'media', localOnly: false },
  { name: 'content', localOnly: false },
  { name: 'calendar', localOnly: false },
  { name: 'integrations', localOnly: false },
  { name: 'business', localOnly: false },
  { name: 'notifications', localOnly: false },
  { name: 'reports', localOnly: false },
  { name: 'dev', localOnly: true },
] as const;

export type AreaName = (typeof AREAS)[number]['name'];
