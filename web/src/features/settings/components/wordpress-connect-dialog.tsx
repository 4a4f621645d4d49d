import { wordpressConnectSchema } from '@shared/schemas/integrations';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { applyServerErrors, useSubmitOnlyForm } from '@/lib/forms';
import { useWordPressConnect } from '@/api/integrations/connections';

/**
 * Which WordPress site to connect (spec 01 §5): validated on submit with the rule the server
 * applies (required, root address only, trailing slash removed); the server's answers (not a
 * WordPress site, no application passwords, an address we may not fetch) land on the field.
 */
export default function WordPressConnectDialog({
  inviteToken,
  initialSite,
  onClose,
}: {
  inviteToken?: string;
  initialSite?: string;
  onClose: () => void;
}) {
  const connect = useWordPressConnect();
  const form = useSubmitOnlyForm(wordpressConnectSchema, { website: initialSite ?? '' });
  // A refusal that is not about the address (not set up, WordPress not answering) shows under the field.
  const problem = connect.error && !form.errors.website ? connect.error : null;

  const submit = form.handleSubmit(async ({ website }) => {
    try {
      await connect.mutateAsync({ website, ...(inviteToken ? { inviteToken } : {}) });
    } catch (error) {
      applyServerErrors(error, form.setErrors, ['website']);
    }
  });

  return (
    <Dialog
      title="Connect WordPress"
      description="Enter your site's main address. WordPress then asks you to approve the connection; no password is shared with us."
      onClose={onClose}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div style={{ marginTop: 'var(--space-4)' }}>
          <TextField
            label="Website address"
            placeholder="https://blog.example.com"
            inputMode="url"
            autoComplete="url"
            // The dialog opens for this one field.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            error={form.errors.website}
            hint="Self-hosted WordPress 5.6 or later, or a WordPress.com site."
            {...form.register('website')}
          />
        </div>
        {problem ? (
          <p className="field__error" role="alert">
            {errorMessage(problem)}
          </p>
        ) : null}
        <div className="dialog__actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={form.isSubmitting || connect.isPending}>
            Continue
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
