import { defineContract } from '../contract';
import {
  businessAccountsSchema,
  businessCallbackQuerySchema,
  businessConnectAnswerSchema,
  businessConnectQuerySchema,
  businessLocationsSchema,
  businessStatusSchema,
  chooseAccountSchema,
  chosenAccountSchema,
} from '../schemas/business';

/** The business listing (Google My Business) connection, spec 02 §7; behind GoogleMyBusinessIntegration. */
export const businessContracts = {
  connect: defineContract({
    method: 'GET',
    path: '/api/business/connect',
    permission: 'apps',
    summary: "Google's consent page for the Business Profile to send the browser to",
    query: businessConnectQuerySchema,
    responses: { 200: businessConnectAnswerSchema },
  }),
  callback: defineContract({
    method: 'GET',
    path: '/api/business/callback',
    summary: 'Google sends the browser back here; stores the connection and redirects to the apps tab',
    query: businessCallbackQuerySchema,
    responses: { 302: null },
  }),
  status: defineContract({
    method: 'GET',
    path: '/api/business/status',
    permission: 'view',
    summary: "Whether Google My Business is connected, and 'disconnected' when Google took the grant back",
    responses: { 200: businessStatusSchema },
  }),
  accounts: defineContract({
    method: 'GET',
    path: '/api/business/accounts',
    permission: 'view',
    summary: 'The Business Profile accounts the connected Google user may manage (read live)',
    responses: { 200: businessAccountsSchema },
  }),
  account: defineContract({
    method: 'GET',
    path: '/api/business/account',
    permission: 'view',
    summary: 'The chosen Business Profile account',
    responses: { 200: chosenAccountSchema },
  }),
  chooseAccount: defineContract({
    method: 'POST',
    path: '/api/business/account',
    permission: 'apps',
    summary: 'Choose the Business Profile account the business manager works on; it must be one Google lists now',
    body: chooseAccountSchema,
    responses: { 200: businessStatusSchema },
  }),
  locations: defineContract({
    method: 'GET',
    path: '/api/business/locations',
    permission: 'view',
    summary: "The chosen account's locations, read live (the business manager's location selector)",
    responses: { 200: businessLocationsSchema },
  }),
  disconnect: defineContract({
    method: 'POST',
    path: '/api/business/disconnect',
    permission: 'apps',
    summary: 'Forget the Google My Business connection and its tokens',
    responses: { 200: businessStatusSchema },
  }),
};
