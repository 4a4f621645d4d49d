import { TextField } from '@/components/ui/field';
import type { Registration } from '@/lib/forms';

/** A form with a first and a last name, as useSubmitOnlyForm gives it. */
interface NameForm {
  errors: { firstName?: string; lastName?: string };
  register: (name: 'firstName' | 'lastName') => Registration;
}

/** First and last name side by side: sign-up and the profile. */
export function NameFields({ form }: { form: NameForm }) {
  return (
    <div className="form-row">
      <TextField
        label="First name"
        autoComplete="given-name"
        error={form.errors.firstName}
        {...form.register('firstName')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        error={form.errors.lastName}
        {...form.register('lastName')}
      />
    </div>
  );
}
