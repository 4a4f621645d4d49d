import { addServiceArea } from '@shared/business-profile';
import { BUSINESS_TYPES } from '@shared/schemas/business-listing';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';
import { usePlacePredictions } from '@/api/business/business-listing';
import { FormProps } from './profile-card-props';
import { DEBOUNCE_MS, BUSINESS_TYPE_LABELS } from './contact-card';
import { Chip } from './profile-chip';

export function ServiceAreaCard({ form, update, readOnly }: FormProps) {
  const [query, setQuery] = useState('');
  const settled = useDebounced(query, DEBOUNCE_MS);
  const predictions = usePlacePredictions(settled);
  const name = useId();
  return (
    <Card title="Service Area" description="Where you serve customers.">
      <div className="form">
        <fieldset className="field">
          <legend className="field__label">Business type</legend>
          {BUSINESS_TYPES.map((type) => (
            <label key={type} className="bm-radio">
              <input
                type="radio"
                name={name}
                value={type}
                checked={form.businessType === type}
                onChange={() => update({ businessType: type })}
              />
              {BUSINESS_TYPE_LABELS[type]}
            </label>
          ))}
        </fieldset>
        {form.serviceAreas.length ? (
          <ul className="bm-chips" aria-label="Service areas">
            {form.serviceAreas.map((a) => (
              <Chip
                key={a.placeId}
                label={a.placeName}
                onRemove={
                  readOnly
                    ? undefined
                    : () => update({ serviceAreas: form.serviceAreas.filter((s) => s.placeId !== a.placeId) })
                }
              />
            ))}
          </ul>
        ) : (
          <p className="muted">No service areas yet.</p>
        )}
        {readOnly ? null : (
          <TextField
            label="Add a service area"
            type="search"
            value={query}
            placeholder="Search for a town or area"
            onChange={(e) => setQuery(e.target.value)}
            error={predictions.error ? errorMessage(predictions.error) : undefined}
          />
        )}
        {query && predictions.data?.length && !readOnly ? (
          <ul className="bm-options" aria-label="Matching places">
            {predictions.data.map(({ placePrediction: p }) => (
              <li key={p.placeId}>
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<Plus size={14} aria-hidden />}
                  onClick={() => {
                    update({ serviceAreas: addServiceArea(form.serviceAreas, p) });
                    setQuery('');
                  }}
                >
                  {p.text}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}
