import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useDebounced } from '@/lib/use-debounced';

export function SearchBox({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  const [text, setText] = useState(value);
  const settled = useDebounced(text, 500);
  const id = useId();
  useEffect(() => {
    if (settled !== value) onChange(settled);
    // Only a settled change of the text is sent; the address's own changes do not echo back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <div className="audit-filter audit-filter--search">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="search-box">
        <Search size={16} aria-hidden />
        <input
          id={id}
          type="search"
          className="audit-search"
          value={text}
          placeholder="Part of a URL"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
    </div>
  );
}
