import { messages } from '@shared/messages';
import { companyInfoSchema, companyName, GOAL_VALUES, websiteField, type Company } from '@shared/schemas/company';
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
import {
  blankToNull,
  BudgetFields,
  CustomerFields,
  GoalSelectField,
  toNumberInput,
  type GoalFieldValues,
} from '@/components/business/goal-fields';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/lib/api-client';
import { useCurrentCompany } from '@/api/companies/companies';
import { applyServerErrors, useSubmitOnlyForm } from '@/lib/forms';
import { useMay } from '@/api/companies/permissions';
import { permissionRefusal } from '@shared/permissions';
import { Alert } from '@/components/ui/alert';
import { useUpdateCompanyInfo, type CompanyInfoPatch } from '@/api/companies/update-company-info';
import { ApprovalsSetting } from './approvals-setting';
import './company-info-tab.css';

/** What the inputs hold: text everywhere, turned into the PATCH body by the schema below. */
interface CompanyInfoForm extends GoalFieldValues {
  name: string;
  website: string;
  tone: string;
  voice: string;
  description: string;
  locations: string[];
}

const shape = companyInfoSchema.shape;

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
  current_revenue: toNumberInput(company.current_revenue),
  suggested_budget: toNumberInput(company.suggested_budget),
});

/** The company's information; a role that may not change the profile reads it, the inputs disabled. */
function CompanyInfoFormView({ company }: { company: Company }) {
  const update = useUpdateCompanyInfo();
  const readOnly = !useMay('profile');
  // The inputs hold text (CompanyInfoForm) that the schema turns into the PATCH body.
  const form = useSubmitOnlyForm<CompanyInfoForm, CompanyInfoPatch>(formSchema, toForm(company));

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
      {readOnly ? <Alert type="info">{permissionRefusal('profile')}</Alert> : null}
      <fieldset className="company-info__fields stack-lg" disabled={readOnly}>
        <Card title="Business" description="The basics we use across your plan, posts and reports.">
          <div className="form">
            <BusinessIdentityFields form={form} />
            <GoalSelectField form={form} />
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
            <CustomerFields form={form} rows={3} hint="Who buys from you?" />
            <BusinessLocationsField form={form} readOnly={readOnly} />
          </div>
        </Card>

        <Card title="Budget" description="Whole US dollars.">
          <BudgetFields form={form} revenueLabel="Current revenue" budgetLabel="Suggested budget" />
        </Card>
      </fieldset>

      {readOnly ? null : (
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
      )}
    </form>
  );
}

export function CompanyInfoTab() {
  const { company } = useCurrentCompany();
  if (!company) return <EmptyState title="No company yet">Create a company in the Companies tab first.</EmptyState>;
  return (
    <div className="stack-lg">
      <ApprovalsSetting />
      <CompanyInfoFormView key={company.id} company={company} />
    </div>
  );
}
