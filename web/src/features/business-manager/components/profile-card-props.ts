import type { ProfileForm } from '@shared/business-profile';
import type { AttributeMetadata } from '@shared/schemas/business-listing';
import type { FieldErrors, FieldPath, Registration } from '@/lib/forms';

export interface FormProps {
  form: ProfileForm;
  update: (patch: Partial<ProfileForm>) => void;
  /** A text input's props, from the profile's useSubmitOnlyForm. */
  register: (name: Extract<keyof ProfileForm, string>) => Registration;
  /** The ref of an input that edits part of a field ('hours.MONDAY.close'), so a failing part is focused. */
  inputRef: (path: FieldPath<ProfileForm>) => (element: HTMLElement | null) => void;
  /** The messages of the last submit, under the fields they concern. */
  errors: FieldErrors<ProfileForm>;
  locationId: string;
  metadata: AttributeMetadata[];
  /** A role that may not change the listing: the cards show it, without the controls that add or remove. */
  readOnly?: boolean;
}
