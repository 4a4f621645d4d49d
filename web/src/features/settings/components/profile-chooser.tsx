import { Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useMay } from '@/api/companies/permissions';
import './connection-row.css';

interface Choice {
  id: string;
  name: string;
}

/**
 * What a connection works on (a page or profile, a Search Console property, a Business Profile
 * account) with an edit control that lists the choices (spec 01 §2): they are read from the
 * platform when the control opens, so only current ones are offered. A role that may not manage
 * apps reads the choice.
 */
export function ProfileChooser({
  label,
  emptyHint,
  prompt,
  focus,
  current,
  useChoices,
  choose,
}: {
  /** "Facebook page", "Search Console property", "Business Profile account". */
  label: string;
  /** What an empty list says. */
  emptyHint: string;
  /** Said under the list while nothing is chosen yet. */
  prompt?: string;
  /** Just back from the platform's consent: the list takes the focus once it is read. */
  focus?: boolean;
  current?: Choice;
  useChoices: (enabled: boolean) => { data?: Choice[]; isPending: boolean; error: Error | null };
  choose: { mutate: (id: string, options: { onSuccess: () => void }) => void; isPending: boolean; error: Error | null };
}) {
  const mayChoose = useMay('apps');
  const [editing, setEditing] = useState(!current);
  const [picked, setPicked] = useState(current?.id ?? '');
  const choices = useChoices(editing && mayChoose);
  const selectId = useId();
  const select = useRef<HTMLSelectElement>(null);
  const loaded = Boolean(choices.data?.length);
  useEffect(() => {
    if (focus && loaded) select.current?.focus();
  }, [focus, loaded]);

  if (!mayChoose) {
    return (
      <div className="connection__profile">
        <span className="connection__profile-name">{current ? current.name : `No ${label} chosen yet`}</span>
      </div>
    );
  }

  if (!editing && current) {
    return (
      <div className="connection__profile">
        <span className="connection__profile-name">{current.name}</span>
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Change ${label}`}>
          <Pencil size={14} aria-hidden /> Change
        </Button>
      </div>
    );
  }
  const list = choices.data ?? [];
  const value = picked || list[0]?.id || '';
  return (
    <form
      className="connection__chooser"
      onSubmit={(event) => {
        event.preventDefault();
        if (value) choose.mutate(value, { onSuccess: () => setEditing(false) });
      }}
    >
      <label htmlFor={selectId} className="connection__chooser-label">
        {label}
      </label>
      <div className="connection__chooser-row">
        <select
          ref={select}
          id={selectId}
          className="input select"
          value={value}
          disabled={choices.isPending || choose.isPending}
          onChange={(e) => setPicked(e.target.value)}
        >
          {choices.isPending ? <option value="">Loading…</option> : null}
          {list.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
        <Button type="submit" size="sm" disabled={!value} pending={choose.isPending}>
          Save
        </Button>
        {current ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        ) : null}
      </div>
      {choices.error ? <p className="field__error">{errorMessage(choices.error)}</p> : null}
      {choose.error ? <p className="field__error">{errorMessage(choose.error)}</p> : null}
      {choices.data?.length === 0 ? (
        <p className="field__hint">{emptyHint}</p>
      ) : !current && prompt ? (
        <p className="field__hint">{prompt}</p>
      ) : null}
    </form>
  );
}
