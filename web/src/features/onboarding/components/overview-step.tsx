import { messages } from '@shared/messages';
import { companyInfoSchema, companyName, locationsField, websiteField, type Company } from '@shared/schemas/company';
import { preprocess } from '@shared/schemas/fields';
import type { CompanyOverview } from '@shared/schemas/onboarding';
import { Globe, PenLine, Sparkles } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { z } from 'zod/mini';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { JobProgress } from '@/components/ui/job-progress';
import { errorMessage, isApiError } from '@/lib/api-client';
import { applyServerErrors, itemErrors, useSubmitOnlyForm } from '@/lib/forms';
import { useOverviewJob, useSaveCompany, type CompanyPatch } from '../api/onboarding-calls';

const info = companyInfoSchema.shape;
/** Text that must be there: the company rule's bounds, and its "at least" sentence when empty. */
const needed = (schema: z.ZodMiniType<string>, message: string) => schema.check(z.refine((v) => v !== '', message));
const lines = (text: unknown) =>
  typeof text === 'string'
    ? text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
    : text;

/** The overview as the form holds it (locations one per line) and as PATCH /api/company/company takes it. */
const overviewFormSchema = z.object({
  name: companyName,
  website: websiteField,
  description: needed(info.description.def.innerType, 'Description must be at least 80 characters long.'),
  locations: preprocess(lines, locationsField),
  tone: needed(info.tone.def.innerType, 'Marketing tone must be at least 3 characters long.'),
  voice: needed(info.voice.def.innerType, 'Marketing voice must be at least 3 characters long.'),
});
interface OverviewForm {
  name: string;
  website: string;
  description: string;
  locations: string;
  tone: string;
  voice: string;
}
const FIELDS = Object.keys(overviewFormSchema.shape);

function OverviewEditor({
  initial,
  onSaved,
  onBack,
}: {
  initial: OverviewForm;
  onSaved: () => void;
  onBack: () => void;
}) {
  const save = useSaveCompany();
  const form = useSubmitOnlyForm<OverviewForm, CompanyPatch>(overviewFormSchema, initial);
  const { errors } = form;
  const locationError =
    errors.locations ??
    itemErrors(errors, 'locations')
      .map((message, i) => (message ? `Line ${i + 1}: ${message}` : undefined))
      .find(Boolean);
  const [failure, setFailure] = useState<string>();

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await save.mutateAsync(values);
      onSaved();
    } catch (error) {
      if (!applyServerErrors(error, form.setErrors, FIELDS)) setFailure(errorMessage(error));
    }
  });

  return (
    <form className="stack-lg" onSubmit={onSubmit} noValidate>
      <Card
        title="Your business overview"
        description="Check what we found and change anything that is not quite right. You can edit it later in Settings."
      >
        <div className="form">
          <div className="form-row">
            <TextField
              label="Business name"
              autoComplete="organization"
              error={errors.name}
              {...form.register('name')}
            />
            <TextField
              label="Website"
              inputMode="url"
              placeholder="example.com"
              error={errors.website}
              {...form.register('website')}
            />
          </div>
          <TextAreaField
            label="Business description"
            rows={5}
            hint="At least 80 characters: what you sell and what makes you different."
            error={errors.description}
            {...form.register('description')}
          />
          <TextAreaField
            label="Locations"
            rows={3}
            hint="Cities or regions you serve, one per line."
            error={locationError}
            {...form.register('locations')}
          />
          <div className="form-row">
            <TextAreaField
              label="Marketing Tone"
              rows={3}
              placeholder="e.g. Friendly and confident"
              error={errors.tone}
              {...form.register('tone')}
            />
            <TextAreaField
              label="Marketing Voice"
              rows={3}
              placeholder="e.g. Expert neighbour who explains things simply"
              error={errors.voice}
              {...form.register('voice')}
            />
          </div>
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

const fromCompany = (company: Company): OverviewForm => ({
  name: company.name,
  website: company.website,
  description: company.description,
  locations: company.locations.join('\n'),
  tone: company.tone,
  voice: company.voice,
});
const fromOverview = (website: string, overview: CompanyOverview): OverviewForm => ({
  name: overview.name,
  website,
  description: overview.description,
  locations: overview.locations.join('\n'),
  tone: overview.tone,
  voice: overview.voice,
});

/** Step 1: the overview drafted from the website (or typed in), edited, then saved. */
export function OverviewStep({ company, onDone }: { company: Company; onDone: () => void }) {
  const job = useOverviewJob();
  const [website, setWebsite] = useState(company.website);
  const [websiteError, setWebsiteError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [draft, setDraft] = useState<OverviewForm>();

  if (draft) return <OverviewEditor initial={draft} onSaved={onDone} onBack={() => setDraft(undefined)} />;

  const read = async (event: SyntheticEvent) => {
    event.preventDefault();
    setWebsiteError(undefined);
    setFailure(undefined);
    const checked = needed(websiteField, messages.urlInvalid).safeParse(website);
    if (!checked.success) {
      setWebsiteError(checked.error.issues[0]?.message);
      return;
    }
    try {
      const overview = await job.start(checked.data);
      setDraft(fromOverview(checked.data, overview));
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.website) setWebsiteError(error.fieldErrors.website);
      else setFailure(errorMessage(error));
    }
  };

  return (
    <Card
      title="Business Overview"
      description="Start from your website: we read it and draft your overview. Prefer to type it yourself? Use the form instead."
    >
      <form className="stack" onSubmit={(e) => void read(e)} noValidate>
        <TextField
          label="Website"
          inputMode="url"
          placeholder="yourbusiness.com"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
          error={websiteError}
          disabled={job.isPending}
        />
        {job.isPending ? <JobProgress title="Reading your website" step={job.step} /> : null}
        {failure ? <Alert type="error">{failure}</Alert> : null}
        <div className="form-actions">
          <Button
            variant="secondary"
            icon={<PenLine size={16} aria-hidden />}
            onClick={() => setDraft(fromCompany(company))}
            disabled={job.isPending}
          >
            Fill in the form myself
          </Button>
          <Button
            type="submit"
            icon={job.isPending ? undefined : <Sparkles size={16} aria-hidden />}
            pending={job.isPending}
          >
            Read my website
          </Button>
        </div>
      </form>
      <p className="onboarding-note">
        <Globe size={14} aria-hidden /> Only the public home page is read. Nothing is saved until you choose Save
        overview.
      </p>
    </Card>
  );
}
