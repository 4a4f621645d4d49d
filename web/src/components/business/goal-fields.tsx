import { GOAL_VALUES, GOALS } from '@shared/schemas/company';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import type { FieldErrors, Registration } from '@/lib/forms';

/**
 * The goal, customer and budget fields, written once for the two forms that hold them: the goal
 * dialog before the plan and Settings > Company info (spec 01 §4, §5). Each form keeps its own
 * schema and layout; the parts take the labels, hints and sizes that differ between the two.
 */
export interface GoalFieldValues {
  goal: string;
  customers: string;
  why: string;
  current_revenue: string;
  suggested_budget: string;
}

/** What the parts need of a form made with useSubmitOnlyForm whose values include GoalFieldValues. */
export interface GoalFieldsForm {
  register: (name: keyof GoalFieldValues) => Registration;
  errors: FieldErrors<GoalFieldValues>;
}

/** Number inputs hold text: empty is "missing" (the spec's integer sentence), anything else a number. */
export const blankToNull = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value;

/** A stored whole number as its input shows it: empty when there is none. */
export const toNumberInput = (value: number | null) => (value === null ? '' : String(value));

export function GoalSelectField({ form }: { form: GoalFieldsForm }) {
  return (
    <SelectField label="Goal" error={form.errors.goal} {...form.register('goal')}>
      <option value="">Select a goal</option>
      {GOAL_VALUES.map((goal) => (
        <option key={goal} value={goal}>
          {GOALS[goal]}
        </option>
      ))}
    </SelectField>
  );
}

/** Who the customers are and why they choose the business. */
export function CustomerFields({ form, rows, hint }: { form: GoalFieldsForm; rows: number; hint: string }) {
  return (
    <>
      <TextAreaField
        label="Customers"
        rows={rows}
        hint={hint}
        error={form.errors.customers}
        {...form.register('customers')}
      />
      <TextAreaField label="Why customers choose you" rows={rows} error={form.errors.why} {...form.register('why')} />
    </>
  );
}

/** Current revenue and suggested budget, whole US dollars, side by side. */
export function BudgetFields({
  form,
  revenueLabel,
  budgetLabel,
}: {
  form: GoalFieldsForm;
  revenueLabel: string;
  budgetLabel: string;
}) {
  return (
    <div className="form-row">
      <TextField
        label={revenueLabel}
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        error={form.errors.current_revenue}
        {...form.register('current_revenue')}
      />
      <TextField
        label={budgetLabel}
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        error={form.errors.suggested_budget}
        {...form.register('suggested_budget')}
      />
    </div>
  );
}
