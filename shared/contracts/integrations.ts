import { defineContract } from '../contract';
import {
  callbackQuerySchema,
  chooseProfileSchema,
  connectAnswerSchema,
  connectQuerySchema,
  integrationProfilesSchema,
  integrationStatusSchema,
  platformParams,
  profilePlatformParams,
  sandboxRequestsSchema,
  chooseWebsiteSchema,
  searchConsoleSitesSchema,
  searchConsoleWebsiteSchema,
  wordpressCallbackQuerySchema,
  wordpressConnectSchema,
} from '../schemas/integrations';

/** Connected apps: Facebook, Instagram, Threads and LinkedIn (spec 02 §7). */
export const integrationsContracts = {
  connect: defineContract({
    method: 'GET',
    path: '/api/integrations/{platform}/connect',
    permission: 'apps',
    summary: "The platform's consent page to send the browser to (state bound to this browser and company)",
    params: platformParams,
    query: connectQuerySchema,
    responses: { 200: connectAnswerSchema },
  }),
  callback: defineContract({
    method: 'GET',
    path: '/api/integrations/{platform}/callback',
    summary: 'The platform sends the browser back here; stores the connection and redirects to the apps tab',
    params: platformParams,
    query: callbackQuerySchema,
    responses: { 302: null },
  }),
  status: defineContract({
    method: 'GET',
    path: '/api/integrations/{platform}/status',
    permission: 'view',
    summary: 'Whether the selected company is connected, to which page or profile, or that it must reconnect',
    params: platformParams,
    responses: { 200: integrationStatusSchema },
  }),
  profiles: defineContract({
    method: 'GET',
    path: '/api/integrations/{platform}/profiles',
    permission: 'view',
    summary: 'The pages, business accounts or profiles the connected account may publish to',
    params: profilePlatformParams,
    responses: { 200: integrationProfilesSchema },
  }),
  profile: defineContract({
    method: 'POST',
    path: '/api/integrations/{platform}/profile',
    permission: 'apps',
    summary: 'Choose the page or profile posts are published to',
    params: profilePlatformParams,
    body: chooseProfileSchema,
    responses: { 200: integrationStatusSchema },
  }),
  disconnect: defineContract({
    method: 'POST',
    path: '/api/integrations/{platform}/disconnect',
    permission: 'apps',
    summary: 'Forget the connection and its tokens',
    params: platformParams,
    responses: { 200: integrationStatusSchema },
  }),
  sandboxRequests: defineContract({
    method: 'GET',
    path: '/api/integrations/dev/sandbox-requests',
    summary: 'What the sandbox platforms received, newest first (embedded runtime only)',
    responses: { 200: sandboxRequestsSchema },
  }),
};

/** WordPress (spec 02 §7): the site first, then its authorize-application page or WordPress.com's OAuth. */
export const wordpressContracts = {
  connect: defineContract({
    method: 'POST',
    path: '/api/integrations/wordpress/connect',
    permission: 'apps',
    summary: "Check the site and answer its authorize-application page (or WordPress.com's consent) to go to",
    body: wordpressConnectSchema,
    responses: { 200: connectAnswerSchema },
  }),
  callback: defineContract({
    method: 'GET',
    path: '/api/integrations/wordpress/callback',
    summary: 'WordPress sends the browser back here with the application password or code; redirects to the apps tab',
    query: wordpressCallbackQuerySchema,
    responses: { 302: null },
  }),
  status: defineContract({
    method: 'GET',
    path: '/api/integrations/wordpress/status',
    permission: 'view',
    summary: 'Whether WordPress is connected, and to which site',
    responses: { 200: integrationStatusSchema },
  }),
  disconnect: defineContract({
    method: 'POST',
    path: '/api/integrations/wordpress/disconnect',
    permission: 'apps',
    summary: 'Forget the WordPress site and its application password or token',
    responses: { 200: integrationStatusSchema },
  }),
};

/** The Google profile and Search Console (spec 02 §7); Search Console is behind GoogleSearchConsole. */
export const searchConsoleContracts = {
  googleConnect: defineContract({
    method: 'GET',
    path: '/api/integrations/google/connect',
    permission: 'apps',
    summary: "Google's consent page (profile and Search Console's read scope) to send the browser to",
    query: connectQuerySchema,
    responses: { 200: connectAnswerSchema },
  }),
  googleCallback: defineContract({
    method: 'GET',
    path: '/api/integrations/google/callback',
    summary: 'Google sends the browser back here; stores the connection and redirects to the apps tab',
    query: callbackQuerySchema,
    responses: { 302: null },
  }),
  connect: defineContract({
    method: 'GET',
    path: '/api/integrations/search-console/connect',
    permission: 'apps',
    summary: 'The same Google consent, started from the Search Console entry',
    query: connectQuerySchema,
    responses: { 200: connectAnswerSchema },
  }),
  status: defineContract({
    method: 'GET',
    path: '/api/integrations/search-console/status',
    permission: 'view',
    summary: 'Whether the Google profile is connected, with the chosen Search Console property',
    responses: { 200: integrationStatusSchema },
  }),
  disconnect: defineContract({
    method: 'POST',
    path: '/api/integrations/search-console/disconnect',
    permission: 'apps',
    summary: 'Forget the Google connection and its tokens',
    responses: { 200: integrationStatusSchema },
  }),
  websites: defineContract({
    method: 'POST',
    path: '/api/integrations/search-console/websites',
    permission: 'view',
    summary: "The user's Search Console properties, read live (sites.list)",
    responses: { 200: searchConsoleSitesSchema },
  }),
  website: defineContract({
    method: 'GET',
    path: '/api/integrations/search-console/website',
    permission: 'view',
    summary: 'The chosen Search Console property',
    responses: { 200: searchConsoleWebsiteSchema },
  }),
  chooseWebsite: defineContract({
    method: 'POST',
    path: '/api/integrations/search-console/website',
    permission: 'apps',
    summary: 'Choose the property reports read; it must be one the user has in Search Console now',
    body: chooseWebsiteSchema,
    responses: { 200: integrationStatusSchema },
  }),
};
