import { locationsField } from '@shared/schemas/company';
import { preprocess } from '@shared/schemas/fields';
import { TextAreaField, TextField } from '@/components/ui/field';
import { itemErrors, type Binding, type FieldErrors, type Registration } from '@/lib/forms';
import { LocationsInput } from './locations-input';

/**
 * The business fields, written once for the two forms that hold them: the onboarding overview and
 * Settings > Company info (spec 01 §5). Each form keeps its own schema and cards and places these
 * parts where its page shows them; labels, hints and the locations multi-input are the same in both.
 */
export interface BusinessFieldValues {
  name: string;
  website: string;
  description: string;
  tone: string;
  voice: string;
  /** One entry per input of the multi-input; the first is always there. */
  locations: string[];
}

/** What the parts need of a form made with useSubmitOnlyForm whose values include BusinessFieldValues. */
export interface BusinessForm {
  register: (name: Exclude<keyof BusinessFieldValues, 'locations'>) => Registration;
  bind: (name: 'locations') => Binding<string[]>;
  errors: FieldErrors<BusinessFieldValues>;
}

/** The multi-input's entries as the shared rule checks them: a lone empty first entry means "none". */
export const locationsInputField = preprocess(
  (value) => (Array.isArray(value) && value.length === 1 && String(value[0]).trim() === '' ? [] : value),
  locationsField,
);

/** A stored list as the multi-input shows it: at least the first, empty entry. */
export const toLocationsInput = (locations: readonly string[]) => (locations.length ? [...locations] : ['']);

/** Business name and website, side by side. */
export function BusinessIdentityFields({ form }: { form: BusinessForm }) {
  return (
    <div className="form-row">
      <TextField
        label="Business name"
        autoComplete="organization"
        error={form.errors.name}
        {...form.register('name')}
      />
      <TextField
        label="Website"
        inputMode="url"
        placeholder="example.com"
        error={form.errors.website}
        {...form.register('website')}
      />
    </div>
  );
}

export function BusinessDescriptionField({ form }: { form: BusinessForm }) {
  return (
    <TextAreaField
      label="Business description"
      rows={5}
      hint="At least 80 characters: what you sell and what makes you different."
      error={form.errors.description}
      {...form.register('description')}
    />
  );
}

/** Marketing tone and voice, side by side. */
export function BrandVoiceFields({ form }: { form: BusinessForm }) {
  return (
    <div className="form-row">
      <TextAreaField
        label="Marketing Tone"
        rows={3}
        placeholder="e.g. Friendly and confident"
        error={form.errors.tone}
        {...form.register('tone')}
      />
      <TextAreaField
        label="Marketing Voice"
        rows={3}
        placeholder="e.g. Expert neighbour who explains things simply"
        error={form.errors.voice}
        {...form.register('voice')}
      />
    </div>
  );
}

export function BusinessLocationsField({ form, readOnly }: { form: BusinessForm; readOnly?: boolean }) {
  return (
    <LocationsInput
      {...form.bind('locations')}
      readOnly={readOnly}
      errors={itemErrors(form.errors, 'locations')}
      listError={form.errors.locations}
    />
  );
}
