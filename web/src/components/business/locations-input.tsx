import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import './locations-input.css';

/**
 * A list of text inputs; the first entry is always there and cannot be removed (spec 01 §5).
 * `readOnly` shows the entries without Add or Remove (inside a disabled fieldset, for a role that
 * may not change them).
 */
export function LocationsInput({
  value,
  onChange,
  errors,
  listError,
  inputRef,
  readOnly = false,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  errors?: (string | undefined)[];
  listError?: string;
  inputRef?: (element: HTMLInputElement | null) => void;
  readOnly?: boolean;
}) {
  const id = useId();
  const items = value.length ? value : [''];
  const set = (index: number, text: string) => onChange(items.map((item, i) => (i === index ? text : item)));
  return (
    <fieldset className="field multi-input">
      <legend className="field__label">Locations</legend>
      <p className="field__hint">Cities or regions you serve, one per line.</p>
      <ul className="multi-input__list">
        {items.map((item, index) => {
          const error = errors?.[index];
          const inputId = `${id}-${index}`;
          return (
            <li key={index} className={['multi-input__item', error ? 'field--invalid' : ''].join(' ')}>
              <div className="multi-input__row">
                <label htmlFor={inputId} className="visually-hidden">
                  Location {index + 1}
                </label>
                <input
                  id={inputId}
                  ref={index === 0 ? inputRef : undefined}
                  className="input"
                  value={item}
                  placeholder={index === 0 ? 'e.g. Lisbon, Portugal' : 'Another location'}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  onChange={(event) => set(index, event.target.value)}
                />
                {readOnly ? null : index > 0 ? (
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={`Remove location ${index + 1}`}
                    onClick={() => onChange(items.filter((_, i) => i !== index))}
                  >
                    <X size={16} />
                  </button>
                ) : (
                  <span className="icon-btn icon-btn--placeholder" aria-hidden />
                )}
              </div>
              {error ? (
                <p className="field__error" id={`${inputId}-error`} role="alert">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {listError ? (
        <p className="field__error" role="alert">
          {listError}
        </p>
      ) : null}
      {readOnly ? null : (
        <div>
          <Button
            variant="ghost"
            size="sm"
            icon={<Plus size={16} aria-hidden />}
            onClick={() => onChange([...items, ''])}
          >
            Add location
          </Button>
        </div>
      )}
    </fieldset>
  );
}
