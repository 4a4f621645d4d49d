import { messages } from '@shared/messages';
import {
  companyInfoSchema,
  companyName,
  GOAL_VALUES,
  GOALS,
  websiteField,
  type Company,
} from '@shared/schemas/company';
import { preprocess } from '@shared/schemas/fields';
import { notify } from '@/lib/toast';
import { z } from 'zod/mini';
import {
  BrandVoiceFields,
  BusinessDescriptionField,
  BusinessIdentityFields,
  BusinessLocationsField,
  locationsInputField,
  toLocationsInput,
} from '@/components/business/business-fields';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useCurrentCompany } from '@/lib/company';
import { applyServerErrors, useSubmitOnlyForm } from '@/lib/forms';
import { useUpdateCompanyInfo, type CompanyInfoPatch } from '@/features/settings/api/update-company-info';

/** What the inputs hold: text everywhere, turned into the PATCH body by the schema below. */
interface CompanyInfoForm {
  name: string;
  website: string;
  goal: string;
  tone: string;
  voice: string;
  description: string;
  customers: string;
  why: string;
  locations: string[];
  current_revenue: string;
  suggested_budget: string;
}

const shape = companyInfoSchema.shape;
const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? Number(value) : value;

/** companyInfoSchema's rules, applied to the form's text values. A lone empty first location means "none". */
const formSchema = z.object({
  name: companyName,
  website: websiteField,
  goal: preprocess((v) => (v === '' ? null : v), z.nullable(z.enum(GOAL_VALUES, { error: messages.goalInvalid }))),
  tone: shape.tone,
  voice: shape.voice,
  description: shape.description,
  customers: shape.customers,
  why: shape.why,
  locations: locationsInputField,
  current_revenue: preprocess(blankToNull, shape.current_revenue),
  suggested_budget: preprocess(blankToNull, shape.suggested_budget),
});

const FIELDS = Object.keys(formSchema.shape);

const toForm = (company: Company): CompanyInfoForm => ({
  name: company.name,
  website: company.website,
  goal: company.goal ?? '',
  tone: company.tone,
  voice: company.voice,
  description: company.description,
  customers: company.customers,
  why: company.why,
  locations: toLocationsInput(company.locations),
  current_revenue: company.current_revenue === null ? '' : String(company.current_revenue),
  suggested_budget: company.suggested_budget === null ? '' : String(company.suggested_budget),
});

function CompanyInfoFormView({ company }: { company: Company }) {
  const update = useUpdateCompanyInfo();
  // The inputs hold text (CompanyInfoForm) that the schema turns into the PATCH body.
  const form = useSubmitOnlyForm<CompanyInfoForm, CompanyInfoPatch>(formSchema, toForm(company));
  const { errors } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset(toForm(saved));
      notify.success('Company information saved.');
    } catch (error) {
      if (!applyServerErrors(error, form.setErrors, FIELDS)) notify.error(errorMessage(error));
    }
  });

  return (
    <form className="stack-lg" onSubmit={onSubmit} noValidate>
      <Card title="Business" description="The basics we use across your plan, posts and reports.">
        <div className="form">
          <BusinessIdentityFields form={form} />
          <SelectField label="Goal" error={errors.goal} {...form.register('goal')}>
            <option value="">Select a goal</option>
            {GOAL_VALUES.map((goal) => (
              <option key={goal} value={goal}>
                {GOALS[goal]}
              </option>
            ))}
          </SelectField>
          <BusinessDescriptionField form={form} />
        </div>
      </Card>

      <Card title="Brand voice" description="How your posts should sound.">
        <div className="form">
          <BrandVoiceFields form={form} />
        </div>
      </Card>

      <Card title="Customers and locations">
        <div className="form">
          <TextAreaField
            label="Customers"
            rows={3}
            hint="Who buys from you?"
            error={errors.customers}
            {...form.register('customers')}
          />
          <TextAreaField label="Why customers choose you" rows={3} error={errors.why} {...form.register('why')} />
          <BusinessLocationsField form={form} />
        </div>
      </Card>

      <Card title="Budget" description="Whole US dollars.">
        <div className="form-row">
          <TextField
            label="Current revenue"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            error={errors.current_revenue}
            {...form.register('current_revenue')}
          />
          <TextField
            label="Suggested budget"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            error={errors.suggested_budget}
            {...form.register('suggested_budget')}
          />
        </div>
      </Card>

      <div className="form-actions form-actions--sticky">
        <Button
          variant="ghost"
          onClick={() => form.reset(toForm(company))}
          disabled={update.isPending || !form.isDirty}
        >
          Discard
        </Button>
        <Button type="submit" pending={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

export function CompanyInfoTab() {
  const { company } = useCurrentCompany();
  if (!company) return <EmptyState title="No company yet">Create a company in the Companies tab first.</EmptyState>;
  return <CompanyInfoFormView key={company.id} company={company} />;
}
