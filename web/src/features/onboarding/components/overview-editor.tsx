import { companyInfoSchema, companyName, websiteField } from '@shared/schemas/company';
import { z } from 'zod/mini';
import {
  BrandVoiceFields,
  BusinessDescriptionField,
  BusinessIdentityFields,
  BusinessLocationsField,
  locationsInputField,
  toLocationsInput,
  type BusinessFieldValues,
} from '@/components/business/business-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useSubmitOnlyForm, useSubmitWithFailure } from '@/lib/forms';
import { useSaveCompany, type CompanyPatch } from '@/api/onboarding/onboarding';
import { needed, type OverviewDraft } from './overview-step';

const info = companyInfoSchema.shape;
/** The overview as the form holds it (one input per location) and as PATCH /api/company/company takes it. */
const overviewFormSchema = z.object({
  name: companyName,
  website: websiteField,
  description: needed(info.description.def.innerType, 'Description must be at least 80 characters long.'),
  locations: locationsInputField,
  tone: needed(info.tone.def.innerType, 'Marketing tone must be at least 3 characters long.'),
  voice: needed(info.voice.def.innerType, 'Marketing voice must be at least 3 characters long.'),
});
const FIELDS = Object.keys(overviewFormSchema.shape);

/**
 * The drafted (or typed) overview, edited then saved: the business fields Settings > Company info
 * shows too. Fetched when the step first shows it, not with the step.
 */
export default function OverviewEditor({
  draft,
  onSaved,
  onBack,
}: {
  draft: OverviewDraft;
  onSaved: () => void;
  onBack: () => void;
}) {
  const save = useSaveCompany();
  const form = useSubmitOnlyForm<BusinessFieldValues, CompanyPatch>(overviewFormSchema, {
    name: draft.name,
    website: draft.website,
    description: draft.description,
    locations: toLocationsInput(draft.locations),
    tone: draft.tone,
    voice: draft.voice,
  });
  const { onSubmit, failure } = useSubmitWithFailure(form, FIELDS, async (values) => {
    await save.mutateAsync(values);
    onSaved();
  });

  return (
    <form className="stack-lg" onSubmit={onSubmit} noValidate>
      <Card
        title="Your business overview"
        description="Check what we found and change anything that is not quite right. You can edit it later in Settings."
      >
        <div className="form">
          <BusinessIdentityFields form={form} />
          <BusinessDescriptionField form={form} />
          <BusinessLocationsField form={form} />
          <BrandVoiceFields form={form} />
        </div>
      </Card>
      {failure ? <Alert type="error">{failure}</Alert> : null}
      <div className="form-actions">
        <Button variant="ghost" onClick={onBack} disabled={save.isPending}>
          Back
        </Button>
        <Button type="submit" pending={save.isPending}>
          Save overview
        </Button>
      </div>
    </form>
  );
}
