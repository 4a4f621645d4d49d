import { COMPANY_ROLES, type CompanyRole } from './schemas/company-record';

/**
 * What a company member may do, by role. The spec leaves roles open beyond the audit (02 §6), so
 * this is the product's own table, shaped like Buffer's and Hootsuite's: an admin does everything;
 * a manager runs the marketing (content, media, publishing, reports, SEO, connected apps, the
 * company's profile) but not the team, billing, the developer tools, the approval rule or the
 * company's existence; a client reads, decides reviews and changes nothing else.
 *
 * Every company route's contract names one permission (`Contract.permission`); one middleware
 * refuses the rest (functions/core/http/middleware/access.ts), and the web hides what a role
 * cannot do with the same table (web/src/lib/permissions.ts). An API key acts as the member who
 * made it, so a key stops when its maker leaves or loses the permission its routes need.
 */
export const PERMISSIONS = {
  /** Read anything the company holds: posts, media, reports, the audit, the team, the plan. */
  view: { roles: ['admin', 'manager', 'client'], action: 'see this' },
  /** Approve or reject a post sent for review, with a comment. */
  review: { roles: ['admin', 'manager', 'client'], action: 'review posts' },
  /** Posts, blogs, media, generation, imports, feeds, publishing, notices, reports' collection. */
  content: { roles: ['admin', 'manager'], action: 'create, change or publish content' },
  /** The business overview, ideal customers, marketing plan and company information. */
  profile: { roles: ['admin', 'manager'], action: "change the company's profile and plan" },
  /** The SEO report, the website audit's settings and links, keywords. */
  seo: { roles: ['admin', 'manager'], action: 'change SEO reports, audits and keywords' },
  /** Connecting and disconnecting platforms, the business listing and its reviews. */
  apps: { roles: ['admin', 'manager'], action: 'manage connected apps and the business listing' },
  /** Inviting, removing and changing the roles of members. */
  team: { roles: ['admin'], action: 'manage the team' },
  /** The plan, payment details and invoices. */
  billing: { roles: ['admin'], action: 'manage billing' },
  /** API keys and webhooks. */
  developer: { roles: ['admin'], action: 'manage API keys and webhooks' },
  /** Whether posts need an approval before they go out. */
  approvalRule: { roles: ['admin'], action: 'change whether posts need approval' },
  /** Deleting the company, or resetting a demo company. */
  company: { roles: ['admin'], action: 'delete or reset the company' },
} as const satisfies Record<string, { roles: readonly CompanyRole[]; action: string }>;

export type Permission = keyof typeof PERMISSIONS;

/** A member stored without a role is an admin: every member had every right before roles existed. */
export const DEFAULT_ROLE: CompanyRole = 'admin';

const roleOrValid = (role: CompanyRole | undefined): CompanyRole =>
  role && COMPANY_ROLES.includes(role) ? role : DEFAULT_ROLE;

export const roleMay = (role: CompanyRole | undefined, permission: Permission): boolean =>
  (PERMISSIONS[permission].roles as readonly CompanyRole[]).includes(roleOrValid(role));

/** Roles from most to least: an invite carries a role no higher than its sender's. */
const RANK: Record<CompanyRole, number> = { admin: 3, manager: 2, client: 1 };
export const roleAtMost = (role: CompanyRole, ceiling: CompanyRole | undefined) =>
  RANK[role] <= RANK[roleOrValid(ceiling)];

const ROLE_PLURALS: Record<CompanyRole, string> = { admin: 'admins', manager: 'managers', client: 'clients' };

/** The 403's sentence: who may, and what. "Only admins can manage billing." */
export function permissionRefusal(permission: Permission): string {
  const { roles, action } = PERMISSIONS[permission];
  const who = roles.map((r) => ROLE_PLURALS[r]);
  const list = who.length > 1 ? `${who.slice(0, -1).join(', ')} and ${who.at(-1)}` : who[0];
  return `Only ${list} can ${action}.`;
}

/** The 403's code, so the web tells a refused role from a removed member. */
export const ROLE_REQUIRED = 'ROLE_REQUIRED';

export const teamMessages = {
  ownRole: 'You cannot change your own role.',
  lastAdmin: 'A company needs at least one admin. Make another member an admin first.',
  inviteAboveOwnRole: 'You can only invite someone with a role no higher than your own.',
};
