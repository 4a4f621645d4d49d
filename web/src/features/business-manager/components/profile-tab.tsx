import { profileForm, profileUpdate, type ProfileForm } from '@shared/business-profile';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
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
 * The profile tab: the six cards of spec 01 §2 over one form, saved only once it changed; a role
 * that may not manage the listing reads the cards, their inputs disabled.
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
  const [form, setForm] = useState(initial);
  const save = useUpdateLocation(locationId);
  const readOnly = !useMay('apps');
  const changed = JSON.stringify(form) !== JSON.stringify(initial);
  const props: FormProps = {
    form,
    update: (patch) => setForm((f) => ({ ...f, ...patch })),
    locationId,
    metadata,
    readOnly,
  };
  if (readOnly) {
    return (
      <div className="stack">
        <Alert type="info">{permissionRefusal('apps')}</Alert>
        <fieldset className="bm-read-only stack" disabled>
          <ContactCard {...props} />
          <ServiceAreaCard {...props} />
          <HoursCard {...props} />
          <ServicesCard {...props} />
          <AttributesCard {...props} />
        </fieldset>
      </div>
    );
  }
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (!changed) return;
        save.mutate(profileUpdate(form, locationName), {
          onSuccess: () => notify.success('Profile saved'),
        });
      }}
    >
      <ContactCard {...props} />
      <ServiceAreaCard {...props} />
      <HoursCard {...props} />
      <ServicesCard {...props} />
      <AttributesCard {...props} />
      {save.error ? <Alert type="error">{errorMessage(save.error)}</Alert> : null}
      <div className="form-actions form-actions--sticky">
        <Button variant="ghost" disabled={!changed || save.isPending} onClick={() => setForm(initial)}>
          Discard changes
        </Button>
        <Button type="submit" disabled={!changed} pending={save.isPending}>
          Save Profile
        </Button>
      </div>
    </form>
  );
}
