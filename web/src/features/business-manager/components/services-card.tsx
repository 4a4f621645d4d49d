import { addStructuredService, canAddFreeform, type FreeformService } from '@shared/business-profile';
import { businessMessages } from '@shared/schemas/business-listing';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/field';
import { useServiceTypes } from '@/api/business/business-listing';
import { FormProps } from './profile-card-props';
import { Chip } from './profile-chip';

const categoriesOf = (form: FormProps['form']) =>
  [form.category?.name, ...form.additionalCategories.map((c) => c.name)].filter(Boolean).join(',');

export function ServicesCard({ form, update, locationId, readOnly }: FormProps) {
  const categories = categoriesOf(form);
  // The services to add follow the categories as edited; the names of the services the location
  // has are looked up in the categories it was loaded with (the card is remade for each loaded
  // profile), so a category being added, removed or fetched never turns a known name into the
  // fallback. Both are one request while the categories are unchanged.
  const [loadedCategories] = useState(categories);
  const types = useServiceTypes(locationId, categories);
  const loadedTypes = useServiceTypes(locationId, loadedCategories);
  const [freeform, setFreeform] = useState<FreeformService>({ name: '', category: '' });
  const categoryName = (name: string) =>
    [form.category, ...form.additionalCategories].find((c) => c?.name === name)?.displayName ?? name;
  const known = [...(loadedTypes.data?.serviceTypes ?? []), ...(types.data?.serviceTypes ?? [])];
  const looking = (loadedTypes.isPending && loadedCategories !== '') || (types.isPending && categories !== '');
  const nameOf = (id: string) =>
    known.find((s) => s.serviceTypeId === id)?.displayName ??
    (looking ? 'Loading service name…' : businessMessages.serviceNameFallback);
  // A service Google no longer offers under any of the location's categories has no name to find
  // (spec 02 §8's fallback): its id says which one it is, so it can still be told apart and removed.
  const noteOf = (id: string) =>
    known.some((s) => s.serviceTypeId === id) || looking
      ? undefined
      : `(${id.replace(/^job_type_id:/, '').replace(/_/g, ' ')})`;
  return (
    <Card title="Services & Products" description="What this location offers.">
      <div className="form">
        {form.structuredServices.length || form.freeformServices.length ? (
          <ul className="bm-chips" aria-label="Services">
            {form.structuredServices.map((id) => (
              <Chip
                key={id}
                label={nameOf(id)}
                note={noteOf(id)}
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
