import { COMPANY_ROLES, type CompanyRole } from './schemas/company-record';

export { COMPANY_ROLES, type CompanyRole };

/**
 * A company member's role (spec 02 §6 names admin, manager and client for the website audit).
 * A member item without a role is an admin: every member had every right before roles existed,
 * so no stored member loses anything and nothing needs migrating.
 */
export const DEFAULT_ROLE: CompanyRole = 'admin';

/**
 * Admins and managers configure the audit: the Turned off tab, ignoring an issue, turning a
 * check off or on, the audit settings and guest links. Clients (and guest-link viewers) only read.
 */
export const canConfigureAudit = (role: CompanyRole | undefined) => (role ?? DEFAULT_ROLE) !== 'client';

export const roleMessages = {
  auditOnly: 'Only admins and managers can do this.',
  adminOnly: 'Only admins can change roles.',
  ownRole: 'You cannot change your own role.',
};
