import { X } from 'lucide-react';

/** A chosen item, removable given `onRemove`. */
export function Chip({ label, onRemove, note }: { label: string; onRemove?: () => void; note?: string }) {
  return (
    <li className="bm-chip">
      <span>
        {label}
        {note ? <span className="bm-chip__note"> {note}</span> : null}
      </span>
      {onRemove ? (
        <button type="button" className="bm-chip__remove" aria-label={`Remove ${label}`} onClick={onRemove}>
          <X size={14} aria-hidden />
        </button>
      ) : null}
    </li>
  );
}
