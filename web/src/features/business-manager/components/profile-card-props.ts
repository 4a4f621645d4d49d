import type { ProfileForm } from '@shared/business-profile';
import type { AttributeMetadata } from '@shared/schemas/business-listing';

export interface FormProps {
  form: ProfileForm;
  update: (patch: Partial<ProfileForm>) => void;
  locationId: string;
  metadata: AttributeMetadata[];
  /** A role that may not change the listing: the cards show it, without the controls that add or remove. */
  readOnly?: boolean;
}
