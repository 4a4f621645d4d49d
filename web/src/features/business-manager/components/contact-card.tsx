import { type BusinessType } from '@shared/schemas/business-listing';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { useDebounced } from '@/lib/use-debounced';
import { useCategories } from '@/api/business/business-listing';
import { FormProps } from './profile-card-props';
import { Chip } from './profile-chip';

/** Spec 01 §9 and 02 §2: place autocomplete and category search wait 500 ms for the typing to stop. */
export const DEBOUNCE_MS = 500;

export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  CUSTOMER_LOCATION_ONLY: 'I visit my customers (no storefront)',
  CUSTOMER_AND_BUSINESS_LOCATION: 'Customers visit me, and I visit them',
};

export function ContactCard({ form, update, register, errors, readOnly }: FormProps) {
  const [search, setSearch] = useState('');
  const found = useCategories(useDebounced(search, DEBOUNCE_MS));
  const chosen = [form.category?.name, ...form.additionalCategories.map((c) => c.name)];
  const addCategory = (c: { name: string; displayName: string }) => {
    if (chosen.includes(c.name)) return;
    if (!form.category) update({ category: c });
    else update({ additionalCategories: [...form.additionalCategories, c] });
  };
  return (
    <Card title="Contact & Location" description="How customers find and reach this location.">
      <div className="form">
        <div className="form-row">
          <TextField label="Business name" error={errors.title} {...register('title')} />
          <TextField label="Phone" type="tel" error={errors.phone} {...register('phone')} />
        </div>
        <TextField
          label="Website"
          type="url"
          placeholder="https://"
          error={errors.websiteUri}
          {...register('websiteUri')}
        />
        <TextAreaField
          label="Description"
          hint="Up to 750 characters."
          error={errors.description}
          {...register('description')}
        />
        <TextField label="Street" error={errors.street} {...register('street')} />
        <div className="form-row">
          <TextField label="City" error={errors.city} {...register('city')} />
          <TextField label="State or region" error={errors.administrativeArea} {...register('administrativeArea')} />
        </div>
        <div className="form-row">
          <TextField label="Zip code" error={errors.zip} {...register('zip')} />
          <TextField
            label="Country code"
            maxLength={2}
            placeholder="GB"
            error={errors.regionCode}
            {...register('regionCode')}
          />
        </div>
        <div className="field">
          <span className="field__label">Categories</span>
          {chosen.some(Boolean) ? (
            <ul className="bm-chips" aria-label="Chosen categories">
              {form.category ? (
                <Chip
                  label={form.category.displayName ?? form.category.name}
                  note="(primary)"
                  onRemove={
                    readOnly
                      ? undefined
                      : () => {
                          const [next, ...rest] = form.additionalCategories;
                          update({ category: next ?? null, additionalCategories: rest });
                        }
                  }
                />
              ) : null}
              {form.additionalCategories.map((c) => (
                <Chip
                  key={c.name}
                  label={c.displayName ?? c.name}
                  onRemove={
                    readOnly
                      ? undefined
                      : () =>
                          update({ additionalCategories: form.additionalCategories.filter((a) => a.name !== c.name) })
                  }
                />
              ))}
            </ul>
          ) : (
            <p className="field__hint">{readOnly ? 'No category yet.' : 'No category yet: search for one below.'}</p>
          )}
        </div>
        {readOnly ? null : (
          <TextField
            label="Add a category"
            type="search"
            value={search}
            placeholder="Bakery, cafe…"
            onChange={(e) => setSearch(e.target.value)}
            hint={search && found.data?.length === 0 ? 'No category matches.' : undefined}
          />
        )}
        {search && found.data?.length && !readOnly ? (
          <ul className="bm-options" aria-label="Matching categories">
            {found.data.map((c) => (
              <li key={c.name}>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={chosen.includes(c.name)}
                  icon={<Plus size={14} aria-hidden />}
                  onClick={() => addCategory(c)}
                >
                  {c.displayName}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}
