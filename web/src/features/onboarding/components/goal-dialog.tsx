import { GOAL_VALUES, GOALS, type Company } from '@shared/schemas/company';
import { preprocess } from '@shared/schemas/fields';
import { goalDialogSchema } from '@shared/schemas/onboarding';
import { useState } from 'react';
import { z } from 'zod/mini';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { applyServerErrors, useSubmitOnlyForm } from '@/lib/forms';
import { useSaveCompany, type CompanyPatch } from '../api/onboarding-calls';

interface GoalForm {
  goal: string;
  customers: string;
  why: string;
  current_revenue: string;
  suggested_budget: string;
}

/** Number inputs hold text: empty is "missing" (the spec's integer sentence), anything else a number. */
const toNumber = (value: unknown) => (typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value);
const shape = goalDialogSchema.shape;
const formSchema = z.object({
  goal: shape.goal,
  customers: shape.customers,
  why: shape.why,
  current_revenue: preprocess(toNumber, shape.current_revenue),
  suggested_budget: preprocess(toNumber, shape.suggested_budget),
});
const FIELDS = Object.keys(formSchema.shape);

const toForm = (company: Company): GoalForm => ({
  goal: company.goal ?? '',
  customers: company.customers,
  why: company.why,
  current_revenue: company.current_revenue === null ? '' : String(company.current_revenue),
  suggested_budget: company.suggested_budget === null ? '' : String(company.suggested_budget),
});

/**
 * The goal dialog before the plan (spec 01 §4): goal, customers, why, revenue and budget,
 * saved with PATCH /api/company/company; `onSaved` then starts the plan.
 */
export function GoalDialog({
  company,
  open,
  onClose,
  onSaved,
}: {
  company: Company;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const save = useSaveCompany();
  const [failure, setFailure] = useState<string>();
  const form = useSubmitOnlyForm<GoalForm, CompanyPatch>(formSchema, toForm(company));
  const { errors } = form;

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
    <Dialog
      open={open}
      title="Your goal for the next 12 months"
      description="The plan is written to reach it, for the customers you approved, within your budget."
      onClose={onClose}
      closeOnBackdrop={false}
      className="goal-dialog"
    >
      <form onSubmit={onSubmit} noValidate>
        <div className="form goal-dialog__fields">
          <SelectField label="Goal" error={errors.goal} {...form.register('goal')}>
            <option value="">Select a goal</option>
            {GOAL_VALUES.map((goal) => (
              <option key={goal} value={goal}>
                {GOALS[goal]}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label="Customers"
            rows={2}
            hint="Who buys from you today?"
            error={errors.customers}
            {...form.register('customers')}
          />
          <TextAreaField label="Why customers choose you" rows={2} error={errors.why} {...form.register('why')} />
          <div className="form-row">
            <TextField
              label="Current revenue (USD a year)"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              error={errors.current_revenue}
              {...form.register('current_revenue')}
            />
            <TextField
              label="Suggested budget (USD a month)"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              error={errors.suggested_budget}
              {...form.register('suggested_budget')}
            />
          </div>
        </div>
        {failure ? <Alert type="error">{failure}</Alert> : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" pending={save.isPending}>
            Generate plan
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
