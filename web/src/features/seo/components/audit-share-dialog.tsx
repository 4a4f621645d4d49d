import {
  AUDIT_MODULE_LABELS,
  AUDIT_MODULES,
  AUDIT_SHARE_DEFAULT_DAYS,
  AUDIT_SHARE_MAX_DAYS,
  createAuditShareSchema,
  type AuditModule,
  type AuditShare,
} from '@shared/schemas/audit-share';
import { preprocess } from '@shared/schemas/fields';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { applyServerErrors, useSubmitOnlyForm } from '@/lib/forms';
import { notify } from '@/lib/toast';
import { useAuditShares, useCreateAuditShare, useRevokeAuditShare } from '@/api/audit/audit-shares';
import './audit-share-dialog.css';

interface ShareForm {
  modules: AuditModule[];
  days: string;
  email: string;
}

// The form holds text; the shared schema checks what the API is sent.
const formSchema = preprocess((value) => {
  const form = value as ShareForm;
  const email = form.email.trim();
  return { modules: form.modules, days: Number(form.days), ...(email ? { email } : {}) };
}, createAuditShareSchema);

const moduleNames = (modules: AuditModule[]) => modules.map((m) => AUDIT_MODULE_LABELS[m]).join(', ');

/** The link just made: shown once, as the table keeps only its hash. */
function NewLink({ url }: { url: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied.');
    } catch {
      notify.error('Copy it by hand: select the text and copy it.');
    }
  };
  return (
    <div className="share-link">
      <TextField
        label="Guest link (shown only now)"
        readOnly
        value={url}
        className="share-link__url"
        onFocus={(e) => e.target.select()}
      />
      <Button variant="secondary" icon={<Copy size={16} aria-hidden />} onClick={copy}>
        Copy
      </Button>
    </div>
  );
}

function LiveLinks() {
  const shares = useAuditShares();
  const revoke = useRevokeAuditShare();
  const confirm = useConfirm();
  const onRevoke = async (share: AuditShare) => {
    if (
      !(await confirm({
        title: 'Revoke this guest link?',
        description: 'Whoever has it can no longer open the audit. This cannot be undone.',
        confirmLabel: 'Revoke link',
        destructive: true,
      }))
    )
      return;
    revoke.mutate(share.id, {
      onSuccess: () => notify.success('Guest link revoked.'),
      onError: (error) => notify.error(errorMessage(error)),
    });
  };
  if (shares.isPending) return <Spinner label="Loading the guest links" />;
  if (shares.isError) return <Alert type="error">{errorMessage(shares.error)}</Alert>;
  if (!shares.data.length) return <p className="muted">No guest links yet.</p>;
  return (
    <ul className="share-list" aria-label="Guest links">
      {shares.data.map((share) => (
        <li key={share.id} className="share-list__item">
          <div className="share-list__text">
            <span className="share-list__modules">{moduleNames(share.modules)}</span>
            <span className="muted">
              Until {formatDate(share.expiresAt)}
              {share.sentTo ? ` · sent to ${share.sentTo}` : ''}
            </span>
          </div>
          <Button
            variant="danger-ghost"
            size="sm"
            pending={revoke.isPending && revoke.variables === share.id}
            onClick={() => void onRevoke(share)}
            aria-label={`Revoke the link to ${moduleNames(share.modules)}`}
          >
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Share the website audit with someone outside the company: a read-only guest link to the
 * modules chosen (spec 02 §2), expiring, revocable, optionally mailed; and the live links.
 */
export default function AuditShareDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateAuditShare();
  const [url, setUrl] = useState<string>();
  const form = useSubmitOnlyForm(formSchema, {
    modules: ['overview', 'issues'] as AuditModule[],
    days: String(AUDIT_SHARE_DEFAULT_DAYS),
    email: '',
  });
  const chosen = form.values.modules;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const made = await create.mutateAsync(body);
      setUrl(made.url);
      if (made.mail?.sent) notify.success(made.mail.message);
      else if (made.mail) notify.error(made.mail.message);
      else notify.success('Guest link created.');
    } catch (error) {
      if (!applyServerErrors(error, form.setErrors)) notify.error(errorMessage(error));
    }
  });

  return (
    <Dialog
      title="Share the website audit"
      description="A guest link opens the modules you choose, read-only and without an account, until it expires or you revoke it."
      onClose={onClose}
      closeOnBackdrop={false}
      className="share-dialog"
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="dialog__body share-form">
        <fieldset className="share-form__modules">
          <legend className="field__label">Modules</legend>
          {AUDIT_MODULES.map((module) => (
            <Checkbox
              key={module}
              label={AUDIT_MODULE_LABELS[module]}
              checked={chosen.includes(module)}
              onChange={(e) =>
                form.setValue(
                  'modules',
                  e.target.checked
                    ? AUDIT_MODULES.filter((m) => m === module || chosen.includes(m))
                    : chosen.filter((m) => m !== module),
                )
              }
            />
          ))}
          {form.errors.modules ? (
            <p className="field__error" role="alert">
              {form.errors.modules}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label="Days the link works"
          type="number"
          inputMode="numeric"
          min={1}
          max={AUDIT_SHARE_MAX_DAYS}
          hint={`At most ${AUDIT_SHARE_MAX_DAYS} days.`}
          error={form.errors.days}
          {...form.register('days')}
        />
        <TextField
          label="Email it to (optional)"
          type="email"
          autoComplete="off"
          error={form.errors.email}
          {...form.register('email')}
        />
        <div className="dialog__actions">
          <Button variant="secondary" type="button" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" pending={form.isSubmitting}>
            Create link
          </Button>
        </div>
      </form>
      {url ? <NewLink url={url} /> : null}
      <h3 className="share-dialog__heading">Live guest links</h3>
      <LiveLinks />
    </Dialog>
  );
}
