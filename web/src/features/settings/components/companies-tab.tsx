import { permissionRefusal, roleAtMost, roleMay } from '@shared/permissions';
import { createCompanySchema, displayCompanyName, inviteSchema, type Company } from '@shared/schemas/company';
import { COMPANY_ROLES, type CompanyRole } from '@shared/schemas/company-record';
import { Building2, MailPlus, Plus, Trash2, UserMinus, X } from 'lucide-react';
import { notify } from '@/lib/toast';
import { z } from 'zod/mini';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Checkbox, SelectField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useProfile } from '@/api/auth/profile';
import { useCurrentCompany } from '@/api/companies/companies';
import { useSubmitOnlyForm, applyServerErrors } from '@/lib/forms';
import { useCreateCompany } from '@/api/companies/create-company';
import { useDeleteCompany } from '@/api/companies/delete-company';
import { useInviteUser } from '@/api/team/invite-user';
import { useRemoveUser } from '@/api/team/remove-user';
import { useRevokeInvite } from '@/api/team/revoke-invite';
import { MemberRole, ROLE_LABELS, roleIn } from './member-role';
import './companies-tab.css';

/** The create form: the API's name rule, plus the demo choice. */
const createFormSchema = z.extend(createCompanySchema, { demo: z.boolean() });

function CreateCompanyForm() {
  const create = useCreateCompany();
  const form = useSubmitOnlyForm(createFormSchema, { name: '', demo: false });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const company = await create.mutateAsync(values);
      form.reset({ name: '', demo: false });
      notify.success(`${displayCompanyName(company.name)} has been created.`);
    } catch (error) {
      if (!applyServerErrors(error, form.setErrors, ['name', 'demo'])) notify.error(errorMessage(error));
    }
  });
  return (
    <Card title="Create a company" description="Each company has its own calendar, media, plan and team.">
      <form className="create-company" onSubmit={onSubmit} noValidate>
        <TextField
          label="Company name"
          placeholder="e.g. Corner Bakery"
          error={form.errors.name}
          fieldClassName="create-company__name"
          {...form.register('name')}
        />
        <Checkbox
          className="create-company__demo"
          label="Start as a demo company"
          hint="A sandbox workspace whose data you can wipe from the Demo tab."
          error={form.errors.demo}
          {...form.register('demo')}
        />
        <Button
          type="submit"
          className="create-company__submit"
          icon={<Plus size={16} aria-hidden />}
          pending={create.isPending}
        >
          Create company
        </Button>
      </form>
    </Card>
  );
}

/** An invite pending from before roles joins as a manager. */
const INVITE_DEFAULT_ROLE: CompanyRole = 'manager';

/** Invite by email with a role: the roles offered are those no higher than the sender's own. */
function InviteForm({ company, ceiling }: { company: Company; ceiling: CompanyRole }) {
  const invite = useInviteUser();
  const offered = COMPANY_ROLES.filter((r) => roleAtMost(r, ceiling));
  const initialRole = offered.includes(INVITE_DEFAULT_ROLE) ? INVITE_DEFAULT_ROLE : (offered[0] ?? 'client');
  const form = useSubmitOnlyForm(inviteSchema, { email: '', role: initialRole });
  const onSubmit = form.handleSubmit(async ({ email, role }) => {
    try {
      await invite.mutateAsync({ companyId: company.id, email, role });
      form.reset({ email: '', role: initialRole });
      notify.success(`Invite sent to ${email}.`);
    } catch (error) {
      if (!applyServerErrors(error, form.setErrors, ['email', 'role'])) notify.error(errorMessage(error));
    }
  });
  return (
    <form className="inline-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Invite a user by email"
        type="email"
        placeholder="teammate@example.com"
        error={form.errors.email}
        fieldClassName="inline-form__field"
        {...form.register('email')}
      />
      <SelectField label="Role" error={form.errors.role} fieldClassName="invite-role" {...form.register('role')}>
        {offered.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="secondary" icon={<MailPlus size={16} aria-hidden />} pending={invite.isPending}>
        Send invite
      </Button>
    </form>
  );
}

function CompanyCard({ company, selected, meId }: { company: Company; selected: boolean; meId?: number }) {
  const confirm = useConfirm();
  const removeUser = useRemoveUser();
  const revokeInvite = useRevokeInvite();
  const deleteCompany = useDeleteCompany();
  const name = displayCompanyName(company.name);
  // This company's own role, whichever company is selected: the server checks the same table.
  const myRole = roleIn(company, meId);
  const mayTeam = myRole !== undefined && roleMay(myRole, 'team');
  const mayDelete = myRole !== undefined && roleMay(myRole, 'company');

  const onDelete = async () => {
    const ok = await confirm({
      title: `Delete ${name}?`,
      description: 'The company, its calendar, media and plans are removed for everyone in it. This cannot be undone.',
      confirmLabel: 'Delete company',
      destructive: true,
    });
    if (!ok) return;
    deleteCompany.mutate(company.id, {
      onSuccess: () => notify.success(`${name} has been deleted.`),
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  const onRemoveUser = async (user: Company['users'][number]) => {
    const who = `${user.firstName} ${user.lastName}`.trim() || user.email;
    const ok = await confirm({
      title: `Remove ${who}?`,
      description: `${who} will lose access to ${name}.`,
      confirmLabel: 'Remove user',
      destructive: true,
    });
    if (!ok) return;
    removeUser.mutate(
      { companyId: company.id, userId: user.id },
      {
        onSuccess: () => notify.success(`${who} has been removed.`),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };

  const onRevoke = async (invite: Company['invites'][number]) => {
    const ok = await confirm({
      title: 'Revoke this invite?',
      description: `The invite link sent to ${invite.email} will stop working.`,
      confirmLabel: 'Revoke invite',
      destructive: true,
    });
    if (!ok) return;
    revokeInvite.mutate(
      { companyId: company.id, inviteId: invite.id },
      {
        onSuccess: () => notify.success(`The invite to ${invite.email} has been revoked.`),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };

  return (
    <Card
      title={
        <span className="title-with-badges">
          <Building2 size={18} aria-hidden className="muted-icon" />
          {name}
          {selected ? <Badge tone="accent">Selected</Badge> : null}
          {company.demo ? <Badge tone="warning">Demo</Badge> : null}
        </span>
      }
      actions={
        mayDelete ? (
          <Button
            variant="danger-ghost"
            size="sm"
            icon={<Trash2 size={16} aria-hidden />}
            pending={deleteCompany.isPending}
            onClick={onDelete}
          >
            Delete company
          </Button>
        ) : undefined
      }
    >
      <div className="stack">
        <div>
          <h3 className="section-label">Users</h3>
          {company.users.length ? (
            <ul className="rows">
              {company.users.map((user) => (
                <li key={user.id} className="row">
                  <span className="avatar avatar--sm" aria-hidden>
                    {`${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase() || '?'}
                  </span>
                  <div className="row__main">
                    <span className="row__title">
                      {`${user.firstName} ${user.lastName}`.trim() || user.email}
                      {user.id === meId ? <Badge>You</Badge> : null}
                    </span>
                    <span className="row__meta">{user.email}</span>
                  </div>
                  <MemberRole company={company} user={user} meId={meId} />
                  {mayTeam ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={<UserMinus size={16} aria-hidden />}
                      onClick={() => onRemoveUser(user)}
                      disabled={removeUser.isPending}
                    >
                      Remove
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No users yet.</p>
          )}
        </div>
        <div>
          <h3 className="section-label">Pending invites</h3>
          {company.invites.length ? (
            <ul className="rows">
              {company.invites.map((invite) => (
                <li key={invite.id} className="row">
                  <span className="avatar avatar--sm avatar--muted" aria-hidden>
                    <MailPlus size={14} />
                  </span>
                  <div className="row__main">
                    <span className="row__title">{invite.email}</span>
                    <span className="row__meta">
                      Invited as {ROLE_LABELS[invite.role ?? INVITE_DEFAULT_ROLE].toLowerCase()}, waiting to accept
                    </span>
                  </div>
                  {mayTeam ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={<X size={16} aria-hidden />}
                      onClick={() => onRevoke(invite)}
                      disabled={revokeInvite.isPending}
                    >
                      Revoke
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No pending invites.</p>
          )}
        </div>
        {mayTeam ? (
          <InviteForm company={company} ceiling={myRole} />
        ) : (
          <p className="muted">{permissionRefusal('team')}</p>
        )}
      </div>
    </Card>
  );
}

export function CompaniesTab() {
  const { data: companies = [], company: selected } = useCurrentCompany();
  const { data: profile } = useProfile();
  return (
    <div className="stack-lg">
      <CreateCompanyForm />
      {companies.length ? (
        companies.map((company) => (
          <CompanyCard key={company.id} company={company} selected={company.id === selected?.id} meId={profile?.id} />
        ))
      ) : (
        <Card>
          <EmptyState icon={Building2} title="No companies yet">
            Create your first company above.
          </EmptyState>
        </Card>
      )}
    </div>
  );
}
