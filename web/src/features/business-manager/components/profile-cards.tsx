import {
  addServiceArea,
  addStructuredService,
  canAddFreeform,
  type FreeformService,
  type ProfileForm,
} from '@shared/business-profile';
import {
  BUSINESS_TYPES,
  WEEKDAYS,
  businessMessages,
  type AttributeMetadata,
  type BusinessType,
} from '@shared/schemas/business-listing';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';
import { useCategories, usePlacePredictions, useServiceTypes } from '../api/business-listing';

export interface FormProps {
  form: ProfileForm;
  update: (patch: Partial<ProfileForm>) => void;
  locationId: string;
  metadata: AttributeMetadata[];
  /** A role that may not change the listing: the cards show it, without the controls that add or remove. */
  readOnly?: boolean;
}

/** Spec 01 §9 and 02 §2: place autocomplete and category search wait 500 ms for the typing to stop. */
const DEBOUNCE_MS = 500;

const DAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = {
  MONDAY: 'Monday',
  TUESDAY: 'Tuesday',
  WEDNESDAY: 'Wednesday',
  THURSDAY: 'Thursday',
  FRIDAY: 'Friday',
  SATURDAY: 'Saturday',
  SUNDAY: 'Sunday',
};

const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  CUSTOMER_LOCATION_ONLY: 'I visit my customers (no storefront)',
  CUSTOMER_AND_BUSINESS_LOCATION: 'Customers visit me, and I visit them',
};

/** A chosen item, removable given `onRemove`. */
function Chip({ label, onRemove, note }: { label: string; onRemove?: () => void; note?: string }) {
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

export function ContactCard({ form, update, readOnly }: FormProps) {
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
          <TextField label="Business name" value={form.title} onChange={(e) => update({ title: e.target.value })} />
          <TextField label="Phone" type="tel" value={form.phone} onChange={(e) => update({ phone: e.target.value })} />
        </div>
        <TextField
          label="Website"
          type="url"
          value={form.websiteUri}
          placeholder="https://"
          onChange={(e) => update({ websiteUri: e.target.value })}
        />
        <TextAreaField
          label="Description"
          value={form.description}
          maxLength={750}
          onChange={(e) => update({ description: e.target.value })}
        />
        <TextField label="Street" value={form.street} onChange={(e) => update({ street: e.target.value })} />
        <div className="form-row">
          <TextField label="City" value={form.city} onChange={(e) => update({ city: e.target.value })} />
          <TextField
            label="State or region"
            value={form.administrativeArea}
            onChange={(e) => update({ administrativeArea: e.target.value })}
          />
        </div>
        <div className="form-row">
          <TextField label="Zip code" value={form.zip} onChange={(e) => update({ zip: e.target.value })} />
          <TextField
            label="Country code"
            value={form.regionCode}
            maxLength={2}
            placeholder="GB"
            onChange={(e) => update({ regionCode: e.target.value })}
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

export function HoursCard({ form, update }: FormProps) {
  return (
    <Card title="Business Hours" description="Only days with both an opening and a closing time are saved.">
      <div className="bm-hours">
        {WEEKDAYS.map((day) => (
          <div key={day} className="bm-hours__row">
            <span className="bm-hours__day" id={`day-${day}`}>
              {DAY_LABELS[day]}
            </span>
            {(['open', 'close'] as const).map((edge) => (
              <input
                key={edge}
                type="time"
                className="input"
                aria-label={`${DAY_LABELS[day]} ${edge === 'open' ? 'opens' : 'closes'}`}
                value={form.hours[day][edge]}
                onChange={(e) =>
                  update({ hours: { ...form.hours, [day]: { ...form.hours[day], [edge]: e.target.value } } })
                }
              />
            ))}
          </div>
        ))}
      </div>
    </Card>
  );
}

export function ServicesCard({ form, update, locationId, readOnly }: FormProps) {
  const categories = [form.category?.name, ...form.additionalCategories.map((c) => c.name)].filter(Boolean).join(',');
  const types = useServiceTypes(locationId, categories);
  const [freeform, setFreeform] = useState<FreeformService>({ name: '', category: '' });
  const categoryName = (name: string) =>
    [form.category, ...form.additionalCategories].find((c) => c?.name === name)?.displayName ?? name;
  const nameOf = (id: string) =>
    types.data?.serviceTypes.find((s) => s.serviceTypeId === id)?.displayName ?? businessMessages.serviceNameFallback;
  return (
    <Card title="Services & Products" description="What this location offers.">
      <div className="form">
        {form.structuredServices.length || form.freeformServices.length ? (
          <ul className="bm-chips" aria-label="Services">
            {form.structuredServices.map((id) => (
              <Chip
                key={id}
                label={nameOf(id)}
                onRemove={
                  readOnly
                    ? undefined
                    : () => update({ structuredServices: form.structuredServices.filter((s) => s !== id) })
                }
              />
            ))}
            {form.freeformServices.map((s, i) => (
              <Chip
                key={`${s.name}-${i}`}
                label={s.name}
                note={`(${categoryName(s.category)})`}
                onRemove={
                  readOnly
                    ? undefined
                    : () => update({ freeformServices: form.freeformServices.filter((_, j) => j !== i) })
                }
              />
            ))}
          </ul>
        ) : (
          <p className="muted">No services yet.</p>
        )}
        {readOnly ? null : (
          <>
            <SelectField
              label="Add a service of your categories"
              value=""
              disabled={!types.data?.serviceTypes.length}
              hint={categories ? undefined : 'Choose a category to see its services.'}
              onChange={(e) =>
                update({ structuredServices: addStructuredService(form.structuredServices, e.target.value) })
              }
            >
              <option value="">Choose a service</option>
              {types.data?.serviceTypes.map((s) => (
                <option
                  key={s.serviceTypeId}
                  value={s.serviceTypeId}
                  disabled={form.structuredServices.includes(s.serviceTypeId)}
                >
                  {s.displayName}
                </option>
              ))}
            </SelectField>
            <div className="bm-freeform">
              <TextField
                label="Custom service name"
                value={freeform.name}
                onChange={(e) => setFreeform({ ...freeform, name: e.target.value })}
              />
              <TextField
                label="Custom service category"
                value={freeform.category}
                onChange={(e) => setFreeform({ ...freeform, category: e.target.value })}
              />
              <Button
                variant="secondary"
                disabled={!canAddFreeform(freeform)}
                icon={<Plus size={16} aria-hidden />}
                onClick={() => {
                  update({
                    freeformServices: [
                      ...form.freeformServices,
                      { name: freeform.name.trim(), category: freeform.category.trim() },
                    ],
                  });
                  setFreeform({ name: '', category: '' });
                }}
              >
                Add
              </Button>
            </div>
          </>
        )}
      </div>
    </Card>
  );
}

export function AttributesCard({ form, update, metadata }: FormProps) {
  const groups = [...new Set(metadata.map((m) => m.groupDisplayName ?? 'Other'))];
  const label = (id: string) => metadata.find((m) => m.parent === id)?.displayName ?? id;
  const groupOf = (id: string) => metadata.find((m) => m.parent === id)?.groupDisplayName ?? 'Other';
  return (
    <Card title="Business Attributes" description="Features customers look for.">
      <div className="bm-attributes">
        {groups.map((group) => {
          const bools = form.boolAttributes.filter((a) => groupOf(a.id) === group);
          const urls = form.urlAttributes.filter((a) => groupOf(a.id) === group);
          if (!bools.length && !urls.length) return null;
          return (
            <fieldset
              key={group}
              className={['bm-attributes__group', urls.length ? 'bm-attributes__group--wide' : ''].join(' ')}
            >
              <legend className="bm-attributes__title">{group}</legend>
              {bools.map((a) => (
                <Checkbox
                  key={a.id}
                  label={label(a.id)}
                  checked={a.value}
                  onChange={(e) =>
                    update({
                      boolAttributes: form.boolAttributes.map((b) =>
                        b.id === a.id ? { ...b, value: e.target.checked } : b,
                      ),
                    })
                  }
                />
              ))}
              {urls.map((a) => (
                <TextField
                  key={a.id}
                  label={label(a.id)}
                  type="url"
                  placeholder="https://"
                  value={a.url}
                  onChange={(e) =>
                    update({
                      urlAttributes: form.urlAttributes.map((u) => (u.id === a.id ? { ...u, url: e.target.value } : u)),
                    })
                  }
                />
              ))}
            </fieldset>
          );
        })}
      </div>
    </Card>
  );
}
