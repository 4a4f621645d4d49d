import { messages } from '@shared/messages';
import { websiteField, type Company } from '@shared/schemas/company';
import { Globe, PenLine, Sparkles } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { z } from 'zod/mini';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { JobProgress } from '@/components/ui/job-progress';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { applyServerErrors, useSubmitOnlyForm } from '@/lib/forms';
import { loadChunk } from '@/lib/load-chunk';
import { useSampleWebsite } from '@/api/metadata/metadata';
import { useOverviewJob } from '@/api/onboarding/onboarding';

/** The editor is shown once a draft exists: fetched then, not with the step. */
const OverviewEditor = lazy(() => loadChunk(() => import('./overview-editor')));

/** Text that must be there: the company rule's bounds, and its "at least" sentence when empty. */
export const needed = (schema: z.ZodMiniType<string>, message: string) =>
  schema.check(z.refine((v) => v !== '', message));

/** What the editor starts from: the company as stored, or the overview read from its website. */
export type OverviewDraft = Pick<Company, 'name' | 'website' | 'description' | 'locations' | 'tone' | 'voice'>;

/** The website to read: required, with the shared address rule. */
const websiteFormSchema = z.object({ website: needed(websiteField, messages.urlInvalid) });

/** Step 1: the overview drafted from the website (or typed in), edited, then saved. */
export function OverviewStep({ company, onDone }: { company: Company; onDone: () => void }) {
  const job = useOverviewJob();
  const site = useSubmitOnlyForm(websiteFormSchema, { website: company.website });
  const [failure, setFailure] = useState<string>();
  const [draft, setDraft] = useState<OverviewDraft>();
  const sampleWebsite = useSampleWebsite();

  const read = site.handleSubmit(async ({ website }) => {
    try {
      const overview = await job.start(website);
      setDraft({ ...overview, website });
    } catch (error) {
      if (!applyServerErrors(error, site.setErrors, ['website'])) setFailure(errorMessage(error));
    }
  });

  if (draft) {
    return (
      <Suspense fallback={<Spinner label="Loading your overview" />}>
        <OverviewEditor draft={draft} onSaved={onDone} onBack={() => setDraft(undefined)} />
      </Suspense>
    );
  }

  return (
    <Card
      title="Business Overview"
      description="Start from your website: we read it and draft your overview. Prefer to type it yourself? Use the form instead."
    >
      <form
        className="stack"
        onSubmit={(event) => {
          setFailure(undefined);
          void read(event);
        }}
        noValidate
      >
        <TextField
          label="Website"
          inputMode="url"
          placeholder="yourbusiness.com"
          error={site.errors.website}
          disabled={job.isPending}
          {...site.register('website')}
        />
        {sampleWebsite && !job.isPending ? (
          <p className="onboarding-note onboarding-note--inline">
            No website to hand?{' '}
            <button type="button" className="link-button" onClick={() => site.setValue('website', sampleWebsite)}>
              Use the sample bakery website
            </button>{' '}
            that comes with this local copy of the app.
          </p>
        ) : null}
        {job.isPending ? <JobProgress title="Reading your website" step={job.step} /> : null}
        {failure ? <Alert type="error">{failure}</Alert> : null}
        <div className="form-actions">
          <Button
            variant="secondary"
            icon={<PenLine size={16} aria-hidden />}
            onClick={() => setDraft(company)}
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
