import { readFileSync } from 'node:fs';

/**
 * One address for every route of the SPA (web/src/app/router.tsx), with sample parameters, and
 * the heading that says the page has rendered. The first-load budget and the accessibility scan
 * walk this list; `routePatternsOfRouter` lets them fail when a route is added but not listed.
 */
export interface PageVisit {
  /** The router's pattern this visit covers. */
  pattern: string;
  path: string;
  /** The level-1 heading's text once the page is ready. */
  heading: RegExp;
}

export const signedOutPages: PageVisit[] = [
  { pattern: '/auth', path: '/auth', heading: /Welcome back/ },
  { pattern: '/auth/register', path: '/auth/register', heading: /Create your account/ },
  { pattern: '/auth/verify', path: '/auth/verify', heading: /verif/i },
  { pattern: '/auth/forgot-password', path: '/auth/forgot-password', heading: /password/i },
  { pattern: '/auth/forgot-password/:id/:token', path: '/auth/forgot-password/1/not-a-token', heading: /password/i },
  { pattern: '/dev/mailbox', path: '/dev/mailbox', heading: /Mailbox/i },
  { pattern: '/dev/platforms', path: '/dev/platforms', heading: /Sandbox platforms/i },
  { pattern: '/audit-bot', path: '/audit-bot', heading: /MarketingAutomationAudit/ },
  // Without a token it says the link is not valid (the round trip with one: approvals.test.ts).
  { pattern: '/review/:id', path: '/review/1', heading: /Review a post/ },
  // A made-up guest link says it is no longer valid (the round trip with a real one: audit-share.test.ts).
  {
    pattern: '/shared/audit/:token/:section?/:check?',
    path: '/shared/audit/1-not-a-real-token-at-all',
    heading: /This link is no longer valid/,
  },
  { pattern: '*', path: '/definitely-not-a-page', heading: /Page not found/ },
];

export const signedInPages: PageVisit[] = [
  { pattern: '/', path: '/', heading: /Good (morning|afternoon|evening)/ },
  { pattern: '/dashboard/onboard', path: '/dashboard/onboard', heading: /Set Up Marketing Plan/ },
  { pattern: '/calendar/:date?/:type?/:view?', path: '/calendar', heading: /Calendar/ },
  { pattern: '/calendar/:date?/:type?/:view?', path: '/calendar/2026-03-11/week/list', heading: /Calendar/ },
  { pattern: '/settings/:tab', path: '/settings/apps', heading: /Settings/ },
  { pattern: '/settings/:tab', path: '/settings/billing', heading: /Settings/ },
  { pattern: '/settings/:tab', path: '/settings/user', heading: /Settings/ },
  { pattern: '/settings/:tab', path: '/settings/marketing-plan', heading: /Settings/ },
  { pattern: '/settings/:tab', path: '/settings/ideal-customer-profiles', heading: /Settings/ },
  { pattern: '/settings/:tab', path: '/settings/company-info', heading: /Settings/ },
  { pattern: '/settings/:tab', path: '/settings/companies', heading: /Settings/ },
  { pattern: '/settings/:tab', path: '/settings/api', heading: /Settings/ },
  { pattern: '/media', path: '/media', heading: /Media/ },
  { pattern: '/media/:id', path: '/media/1', heading: /Media/ },
  { pattern: '/post/create', path: '/post/create', heading: /post/i },
  { pattern: '/post/:id', path: '/post/1', heading: /post/i },
  { pattern: '/blog/create', path: '/blog/create', heading: /blog/i },
  { pattern: '/blog/:id', path: '/blog/1', heading: /blog/i },
  { pattern: '/report', path: '/report', heading: /Report/i },
  { pattern: '/import', path: '/import', heading: /Import posts/ },
  { pattern: '/queue', path: '/queue', heading: /Queue/ },
  { pattern: '/seo-report', path: '/seo-report', heading: /SEO/ },
  { pattern: '/seo-report/:section/:check?', path: '/seo-report/overview', heading: /overview/ },
  { pattern: '/seo-report/:section/:check?', path: '/seo-report/issues', heading: /Issue report/ },
  { pattern: '/seo-report/:section/:check?', path: '/seo-report/pages', heading: /Crawled pages/ },
  { pattern: '/seo-report/:section/:check?', path: '/seo-report/links', heading: /Found links/ },
  { pattern: '/seo-report/:section/:check?', path: '/seo-report/resources', heading: /Found resources/ },
  { pattern: '/seo-report/:section/:check?', path: '/seo-report/comparison', heading: /Crawl comparison/ },
  { pattern: '/seo-report/:section/:check?', path: '/seo-report/audits', heading: /All reports/ },
  { pattern: '/seo-report/:section/:check?', path: '/seo-report/issues/http-4xx', heading: /Issue report/ },
  { pattern: '/seo-keywords', path: '/seo-keywords', heading: /Keyword/i },
  { pattern: '/business-manager/:tab', path: '/business-manager/profile', heading: /Business/i },
  { pattern: '/payment-simulation', path: '/payment-simulation', heading: /Payment/i },
  { pattern: '/auth/invite/:token', path: '/auth/invite/not-a-real-token', heading: /problem with your invite/ },
];

/** Every `path: '...'` of the router that renders a page (redirect-only routes excluded). */
function routePatternsOfRouter(): string[] {
  const source = readFileSync(new URL('../../web/src/app/router.tsx', import.meta.url), 'utf8');
  const routes = [...source.matchAll(/\{[^{}]*?path: '([^']+)'[^{}]*?\}/g)];
  return routes.filter((m) => !m[0].includes('<Navigate')).map((m) => m[1] ?? '');
}

/** Patterns in the router that neither list visits. */
export function unlistedRoutes(): string[] {
  const listed = new Set([...signedOutPages, ...signedInPages].map((p) => p.pattern));
  return routePatternsOfRouter().filter((pattern) => !listed.has(pattern) && pattern !== '/');
}
