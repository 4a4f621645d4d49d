import {
  profileFieldOf,
  profileForm,
  profileFormSchema,
  profileUpdate,
  type ProfileForm,
} from '@shared/business-profile';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSubmitOnlyForm, useSubmitWithFailure } from '@/lib/forms';
import { useMay } from '@/api/companies/permissions';
import { notify } from '@/lib/toast';
import { permissionRefusal } from '@shared/permissions';
import {
  locationIdOf,
  useAvailableAttributes,
  useLocationProfile,
  useUpdateLocation,
} from '@/api/business/business-listing';
import type { MediaPickerSlot } from '../routes/business-manager';
import { AttributesCard } from './attributes-card';
import { ContactCard } from './contact-card';
import { HoursCard } from './hours-card';
import type { FormProps } from './profile-card-props';
import { ServiceAreaCard } from './service-area-card';
import { ServicesCard } from './services-card';
import { MediaCard } from './media-card';

/**
 * The profile tab: the six cards of spec 01 §2 over one form, checked on submit and saved only once
 * it changed; a role that may not manage the listing reads the cards, their inputs disabled.
 */
export function ProfileTab({ locationName, mediaPicker }: { locationName: string; mediaPicker: MediaPickerSlot }) {
  const locationId = locationIdOf(locationName);
  const profile = useLocationProfile(locationId);
  const metadata = useAvailableAttributes(locationId);
  if (profile.error || metadata.error)
    return <Alert type="error">{errorMessage(profile.error ?? metadata.error)}</Alert>;
  if (!profile.data || !metadata.data) return <Spinner label="Loading the location's profile" />;
  const initial = profileForm(profile.data, metadata.data);
  return (
    <div className="stack">
      <ProfileEditor
        key={JSON.stringify(initial)}
        locationName={locationName}
        initial={initial}
        metadata={metadata.data}
      />
      <MediaCard locationId={locationId} mediaPicker={mediaPicker} />
    </div>
  );
}

function ProfileEditor({
  locationName,
  initial,
  metadata,
}: {
  locationName: string;
  initial: ProfileForm;
  metadata: FormProps['metadata'];
}) {
  const locationId = locationIdOf(locationName);
  const form = useSubmitOnlyForm(profileFormSchema, initial);
  const save = useUpdateLocation(locationId);
  const readOnly = !useMay('apps');
  // The route's 422 names the update's paths ('location.profile.description'): each goes to the
  // input that edits it, the rest to the alert.
  const { onSubmit, failure } = useSubmitWithFailure(form, profileFieldOf(form.values), async (values) => {
    await save.mutateAsync(profileUpdate(values, locationName));
    notify.success('Profile saved');
  });
  const props: FormProps = {
    form: form.values,
    update: (patch) => {
      for (const [key, value] of Object.entries(patch)) {
        form.setValue(key as keyof ProfileForm, value);
      }
    },
    register: form.register,
    inputRef: form.inputRef,
    errors: form.errors,
    locationId,
    metadata,
    readOnly,
  };
  const cards = (
    <>
      <ContactCard {...props} />
      <ServiceAreaCard {...props} />
      <HoursCard {...props} />
      <ServicesCard {...props} />
      <AttributesCard {...props} />
    </>
  );
  if (readOnly) {
    return (
      <div className="stack">
        <Alert type="info">{permissionRefusal('apps')}</Alert>
        <fieldset className="bm-read-only stack" disabled>
          {cards}
        </fieldset>
      </div>
    );
  }
  return (
    // An unchanged form is never sent: its Save, the form's default button, is disabled, which
    // stops Enter in a field from submitting too.
    <form className="stack" onSubmit={(event) => void onSubmit(event)} noValidate>
      {cards}
      {failure ? <Alert type="error">{failure}</Alert> : null}
      <div className="form-actions form-actions--sticky">
        <Button variant="ghost" disabled={!form.isDirty || form.isSubmitting} onClick={() => form.reset()}>
          Discard changes
        </Button>
        <Button type="submit" disabled={!form.isDirty} pending={form.isSubmitting}>
          Save Profile
        </Button>
      </div>
    </form>
  );
}
