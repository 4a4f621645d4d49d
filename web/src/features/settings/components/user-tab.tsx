import { changePasswordSchema, profilePatchSchema, type Profile } from '@shared/schemas/auth';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { notify } from '@/lib/toast';
import { NameFields } from '@/components/account/name-fields';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Switch, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useProfile } from '@/api/auth/profile';
import { useSubmitOnlyForm, applyServerErrors } from '@/lib/forms';
import { useChangePassword } from '@/api/account/change-password';
import { useUpdateProfile } from '@/api/account/update-profile';

function ProfileForm({ profile }: { profile: Profile }) {
  const updateProfile = useUpdateProfile();
  const form = useSubmitOnlyForm(profilePatchSchema, {
    firstName: profile.firstName,
    lastName: profile.lastName,
    subscribed: profile.subscribed,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await updateProfile.mutateAsync(values);
      form.reset({ firstName: saved.firstName, lastName: saved.lastName, subscribed: saved.subscribed });
      notify.success('Your profile has been saved.');
    } catch (error) {
      if (!applyServerErrors(error, form.setErrors, ['firstName', 'lastName', 'subscribed']))
        notify.error(errorMessage(error));
    }
  });

  return (
    <Card title="Profile" description="How you appear to your team.">
      <form className="form" onSubmit={onSubmit} noValidate>
        <NameFields form={form} />
        <TextField
          label="Email"
          type="email"
          value={profile.email}
          readOnly
          disabled
          hint="The email you sign in with."
        />
        <Switch
          label="Weekly newsletter"
          description="Tips and product news, once a week."
          {...form.register('subscribed')}
        />
        <div className="form-actions">
          <Button type="submit" pending={updateProfile.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </Card>
  );
}

const emptyPasswords = { currentPassword: '', newPassword: '', repeatPassword: '' };

function PasswordSection() {
  const [open, setOpen] = useState(false);
  const changePassword = useChangePassword();
  const form = useSubmitOnlyForm(changePasswordSchema, emptyPasswords);
  const { errors } = form;

  const close = () => {
    form.reset(emptyPasswords);
    setOpen(false);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await changePassword.mutateAsync(values);
      notify.success(answer.message || 'Your password has been changed.');
      close();
    } catch (error) {
      if (!applyServerErrors(error, form.setErrors, ['currentPassword', 'newPassword', 'repeatPassword']))
        notify.error(errorMessage(error));
    }
  });

  return (
    <Card
      title="Password"
      description="Use at least 8 characters. You stay signed in on this device."
      actions={
        open ? null : (
          <Button variant="secondary" icon={<KeyRound size={16} aria-hidden />} onClick={() => setOpen(true)}>
            Change Password
          </Button>
        )
      }
    >
      {open ? (
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword}
            {...form.register('currentPassword')}
          />
          <div className="form-row">
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              error={errors.newPassword}
              {...form.register('newPassword')}
            />
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              error={errors.repeatPassword}
              {...form.register('repeatPassword')}
            />
          </div>
          <div className="form-actions">
            <Button variant="ghost" onClick={close} disabled={changePassword.isPending}>
              Cancel
            </Button>
            <Button type="submit" pending={changePassword.isPending}>
              Update password
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}

export function UserTab() {
  const { data: profile } = useProfile();
  if (!profile) return null;
  return (
    <div className="stack-lg">
      <ProfileForm profile={profile} />
      <PasswordSection />
    </div>
  );
}
