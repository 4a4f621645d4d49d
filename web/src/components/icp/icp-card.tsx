import './icp-card.css';
import type { Icp } from '@shared/schemas/company';
import { onboardingMessages } from '@shared/schemas/onboarding';
import { Check, Pencil, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod/mini';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { Markdown } from '@/components/ui/markdown';
import { useSubmitOnlyForm } from '@/lib/forms';

export interface IcpCardProps {
  icp: Icp;
  /** 1-based, for the heading ("Ideal customer 1"). */
  index: number;
  /** approve (true), remove (false), back (null); without it the card is read only (no actions). */
  onDecide?: (approved: boolean | null) => void;
  /** Saves an edited pending profile (true when saved); without it the card offers no edit. */
  onEdit?: (profile: string) => Promise<boolean>;
  busy?: boolean;
}

/** The edited profile as typed: only an empty one is refused here, the server checks the rest. */
const profileFormSchema = z.object({
  profile: z.string().check(z.refine((profile) => profile.trim() !== '', onboardingMessages.icpProfileRequired)),
});

const status = (approved: boolean | null) =>
  approved === true ? (
    <Badge tone="success">Approved</Badge>
  ) : approved === false ? (
    <Badge tone="danger">Removed</Badge>
  ) : (
    <Badge tone="warning">Pending</Badge>
  );

/**
 * One ideal customer profile with the spec's actions: a pending one is approved or removed
 * (and may be edited), a decided one goes back to pending.
 */
export function IcpCard({ icp, index, onDecide, onEdit, busy }: IcpCardProps) {
  const [editing, setEditing] = useState(false);
  const form = useSubmitOnlyForm(profileFormSchema, { profile: icp.profile });
  const headingId = `icp-${icp.id}-title`;
  const label = `ideal customer ${index}`;

  const edit = () => {
    form.reset({ profile: icp.profile });
    setEditing(true);
  };
  const save = form.handleSubmit(async ({ profile }) => {
    if (onEdit && (await onEdit(profile))) setEditing(false);
  });

  return (
    <article
      className={['icp-card', icp.approved === false ? 'icp-card--removed' : ''].join(' ')}
      aria-labelledby={headingId}
    >
      <header className="icp-card__header">
        <h3 id={headingId} className="icp-card__title">
          Ideal customer {index}
        </h3>
        {status(icp.approved)}
      </header>
      {editing ? (
        <TextAreaField
          label={`Profile of ${label} (markdown)`}
          rows={14}
          error={form.errors.profile}
          {...form.register('profile')}
        />
      ) : icp.approved === false ? (
        <p className="muted">Removed. Choose Back to reconsider it.</p>
      ) : (
        <Markdown>{icp.profile}</Markdown>
      )}
      {onDecide ? (
        <div className="icp-card__actions">
          {editing ? (
            <>
              <Button variant="ghost" onClick={() => setEditing(false)} disabled={busy}>
                Cancel
              </Button>
              <Button onClick={() => void save()} pending={busy}>
                Save profile
              </Button>
            </>
          ) : icp.approved === null ? (
            <>
              {onEdit ? (
                <Button
                  variant="ghost"
                  icon={<Pencil size={16} aria-hidden />}
                  onClick={edit}
                  disabled={busy}
                  aria-label={`Edit ${label}`}
                >
                  Edit
                </Button>
              ) : null}
              <Button
                variant="danger-ghost"
                icon={<X size={16} aria-hidden />}
                onClick={() => onDecide(false)}
                disabled={busy}
                aria-label={`Remove ${label}`}
              >
                Remove
              </Button>
              <Button
                icon={<Check size={16} aria-hidden />}
                onClick={() => onDecide(true)}
                disabled={busy}
                aria-label={`Approve ${label}`}
              >
                Approve
              </Button>
            </>
          ) : (
            <Button
              variant="secondary"
              icon={<Undo2 size={16} aria-hidden />}
              onClick={() => onDecide(null)}
              disabled={busy}
              aria-label={`Back: ${label} pending again`}
            >
              Back
            </Button>
          )}
        </div>
      ) : null}
    </article>
  );
}
