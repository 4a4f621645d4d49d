import {
  AUDIT_FREQUENCIES,
  auditScheduleInputSchema,
  type AuditFrequency,
  type AuditSchedule,
} from '@shared/schemas/audit-schedule';
import { preprocess } from '@shared/schemas/fields';
import { promptIfUpgradeRequired } from '@/components/upgrade-prompt';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useSubmitOnlyForm, useSubmitWithFailure } from '@/lib/forms';
import { notify } from '@/lib/toast';
import { useSaveAuditSchedule } from '@/api/audit/audit-schedule';
import { useAuditActions } from '@/api/seo/seo-report';
import { describeSchedule, WEEKDAYS } from './audit-schedule-text';
import '@/styles/dialog.css';

const FREQUENCY_LABELS: Record<AuditFrequency, string> = {
  manually: 'Manually (only when I start it)',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** What the dialog's inputs hold: the days as the selects' text. */
interface LaunchForm {
  frequency: AuditFrequency;
  weekday: string;
  monthDay: string;
  time: string;
  timeZone: string;
}
const SCHEDULE_FIELDS = ['frequency', 'weekday', 'monthDay', 'time', 'timeZone'] as const;

/** The API's own schema, run on the inputs' text with the days turned back into numbers. */
const launchFormSchema = preprocess((value) => {
  const form = value as LaunchForm;
  return { ...form, weekday: Number(form.weekday), monthDay: Number(form.monthDay) };
}, auditScheduleInputSchema);

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
/** Every zone the browser knows, the schedule's own first if it is not among them. */
const zones = (current: string) => {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(current) ? known : [current, ...known];
};

const toForm = (schedule: AuditSchedule): LaunchForm => ({
  frequency: schedule.frequency,
  weekday: String(schedule.weekday),
  monthDay: String(schedule.monthDay),
  time: schedule.time,
  // A company that has never scheduled starts from the viewer's own zone.
  timeZone: schedule.frequency === 'manually' ? viewerZone() : schedule.timeZone,
});

/**
 * The launch audit dialog (spec 02 §2: frequency, day, time): run an audit now, or save when it
 * runs by itself, weekly or monthly at a time in a time zone (spec 02 §9: manually, weekly, monthly).
 */
export default function LaunchAuditDialog({ schedule, onClose }: { schedule: AuditSchedule; onClose: () => void }) {
  const save = useSaveAuditSchedule();
  const { recheck } = useAuditActions();
  const form = useSubmitOnlyForm(launchFormSchema, toForm(schedule));
  const { frequency } = form.values;
  const { onSubmit, failure } = useSubmitWithFailure(form, SCHEDULE_FIELDS, async (input) => {
    const saved = await save.mutateAsync(input);
    notify.success(
      saved.frequency === 'manually' ? 'Audits now run only when you start them.' : describeSchedule(saved),
    );
    onClose();
  });
  const runNow = () =>
    recheck.mutate(undefined, {
      onSuccess: () => {
        notify.success('The audit has started. We will email you when the report is ready.');
        onClose();
      },
      onError: (error) => {
        if (!promptIfUpgradeRequired(error)) notify.error(errorMessage(error));
      },
    });

  return (
    <Dialog
      title="Launch audit"
      description="Check your website now, or choose when the audit runs by itself. We email you when each report is ready."
      onClose={onClose}
      closeOnBackdrop={false}
      className="launch-audit"
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="dialog__body launch-audit__form">
        <SelectField label="Frequency" error={form.errors.frequency} {...form.register('frequency')}>
          {AUDIT_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {FREQUENCY_LABELS[f]}
            </option>
          ))}
        </SelectField>
        {frequency === 'weekly' ? (
          <SelectField label="Day" error={form.errors.weekday} {...form.register('weekday')}>
            {WEEKDAYS.map((name, i) => (
              <option key={name} value={i}>
                {name}
              </option>
            ))}
          </SelectField>
        ) : null}
        {frequency === 'monthly' ? (
          <SelectField
            label="Day of the month"
            error={form.errors.monthDay}
            hint="In a shorter month, a later day runs on its last day."
            {...form.register('monthDay')}
          >
            {Array.from({ length: 31 }, (_, i) => i + 1).map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </SelectField>
        ) : null}
        {frequency !== 'manually' ? (
          <div className="launch-audit__when">
            <TextField label="Time" type="time" required error={form.errors.time} {...form.register('time')} />
            <SelectField label="Time zone" error={form.errors.timeZone} {...form.register('timeZone')}>
              {zones(form.values.timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </SelectField>
          </div>
        ) : null}
        {failure ? (
          <p className="field__error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="dialog__actions launch-audit__actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" variant="secondary" pending={recheck.isPending} onClick={runNow}>
            Run audit now
          </Button>
          <Button type="submit" pending={form.isSubmitting}>
            Save schedule
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
