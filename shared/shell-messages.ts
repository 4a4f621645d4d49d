/**
 * The spec's sentences the app shell shows on any page (unknown error, page not found, an
 * unnamed company, the upgrade prompt and the no-plan warning). Also part of `messages`; kept in a module of their own
 * because a module is loaded whole, and every page's first load need not carry every sentence.
 */
export const shellMessages = {
  pageNotFound: 'Page not found',
  unknownError: 'Oops! An unknown error occurred while processing your request',
  unnamedCompany: 'Unnamed company',
  upgradeRequired: 'In order to execute, you need to upgrade to the paid version.',
  noPlanWarning: "Posts are not published if you don't have a plan.",
} as const;
