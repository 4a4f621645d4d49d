import { type Company } from '@shared/schemas/company';
import { preprocess } from '@shared/schemas/fields';
import { goalDialogSchema } from '@shared/schemas/onboarding';
import { z } from 'zod/mini';
import {
  blankToNull,
  BudgetFields,
  CustomerFields,
  GoalSelectField,
  toNumberInput,
  type GoalFieldValues,
} from '@/components/business/goal-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useSubmitOnlyForm, useSubmitWithFailure } from '@/lib/forms';
import { useSaveCompany, type CompanyPatch } from '@/api/onboarding/onboarding';

const shape = goalDialogSchema.shape;
const formSchema = z.object({
  goal: shape.goal,
  customers: shape.customers,
  why: shape.why,
  current_revenue: preprocess(blankToNull, shape.current_revenue),
  suggested_budget: preprocess(blankToNull, shape.suggested_budget),
});
const FIELDS = Object.keys(formSchema.shape);

const toForm = (company: Company): GoalFieldValues => ({
  goal: company.goal ?? '',
  customers: company.customers,
  why: company.why,
  current_revenue: toNumberInput(company.current_revenue),
  suggested_budget: toNumberInput(company.suggested_budget),
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
  const form = useSubmitOnlyForm<GoalFieldValues, CompanyPatch>(formSchema, toForm(company));
  const { onSubmit, failure } = useSubmitWithFailure(form, FIELDS, async (values) => {
    await save.mutateAsync(values);
    onSaved();
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
          <GoalSelectField form={form} />
          <CustomerFields form={form} rows={2} hint="Who buys from you today?" />
          <BudgetFields
            form={form}
            revenueLabel="Current revenue (USD a year)"
            budgetLabel="Suggested budget (USD a month)"
          />
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
