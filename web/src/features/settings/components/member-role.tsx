import { DEFAULT_ROLE, roleMay } from '@shared/permissions';
import { COMPANY_ROLES, type Company, type CompanyRole } from '@shared/schemas/company-record';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useSetMemberRole } from '@/api/team/set-member-role';

export const ROLE_LABELS: Record<CompanyRole, string> = { admin: 'Admin', manager: 'Manager', client: 'Client' };
const LABELS = ROLE_LABELS;

/**
 * The viewer's role in `company` (not necessarily the selected one: the companies tab lists them
 * all), undefined when they are not in it. No role stored reads as admin.
 */
export const roleIn = (company: Company, meId: number | undefined): CompanyRole | undefined => {
  const me = company.users.find((u) => u.id === meId);
  return me ? (me.role ?? DEFAULT_ROLE) : undefined;
};

/**
 * A member's role in the company (spec 02 §6): a member who may manage the team (an admin)
 * chooses it for the others; everyone else, and their own, is shown as a badge.
 */
export function MemberRole({
  company,
  user,
  meId,
}: {
  company: Company;
  user: Company['users'][number];
  meId?: number;
}) {
  const id = useId();
  const setRole = useSetMemberRole();
  const role = user.role ?? DEFAULT_ROLE;
  const mine = roleIn(company, meId);
  if (!mine || !roleMay(mine, 'team') || user.id === meId) return <Badge tone="neutral">{LABELS[role]}</Badge>;
  const who = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        Role of {who}
      </label>
      <select
        id={id}
        className="input select member-role"
        value={role}
        disabled={setRole.isPending}
        onChange={(e) => {
          const next = e.target.value as CompanyRole;
          setRole.mutate(
            { companyId: company.id, userId: user.id, role: next },
            {
              onSuccess: () => notify.success(`${who} is now ${LABELS[next].toLowerCase()}.`),
              onError: (error) => notify.error(errorMessage(error)),
            },
          );
        }}
      >
        {COMPANY_ROLES.map((r) => (
          <option key={r} value={r}>
            {LABELS[r]}
          </option>
        ))}
      </select>
    </>
  );
}
