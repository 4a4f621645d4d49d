import { useId } from 'react';
import { Filter } from './virtual-table';

export function FilterSelect({
  filter,
  value,
  onChange,
}: {
  filter: Filter;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="audit-filter">
      <label htmlFor={id} className="field__label">
        {filter.label}
      </label>
      <select id={id} className="input select" value={value} onChange={(event) => onChange(event.target.value)}>
        {filter.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
