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
} from '../schemas/integrations';

/** Connected apps: Facebook, Instagram, Threads and LinkedIn (spec 02 §7). */
export const integrationsContracts = {
  connect: defineContract({
    method: 'GET',
    path: '/api/integrations/{platform}/connect',
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
    summary: 'Whether the selected company is connected, to which page or profile, or that it must reconnect',
    params: platformParams,
    responses: { 200: integrationStatusSchema },
  }),
  profiles: defineContract({
    method: 'GET',
    path: '/api/integrations/{platform}/profiles',
    summary: 'The pages, business accounts or profiles the connected account may publish to',
    params: profilePlatformParams,
    responses: { 200: integrationProfilesSchema },
  }),
  profile: defineContract({
    method: 'POST',
    path: '/api/integrations/{platform}/profile',
    summary: 'Choose the page or profile posts are published to',
    params: profilePlatformParams,
    body: chooseProfileSchema,
    responses: { 200: integrationStatusSchema },
  }),
  disconnect: defineContract({
    method: 'POST',
    path: '/api/integrations/{platform}/disconnect',
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
