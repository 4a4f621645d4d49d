import { AUDIT_FREQUENCIES, type AuditFrequency, type AuditSchedule } from '@shared/schemas/audit-schedule';
import { useState, type SyntheticEvent } from 'react';
import { promptIfUpgradeRequired } from '@/components/upgrade-prompt';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useSaveAuditSchedule } from '../api/audit-schedule';
import { useAuditActions } from '../api/seo-report';
import { describeSchedule, WEEKDAYS } from './audit-schedule-text';
import '@/styles/dialog.css';

const FREQUENCY_LABELS: Record<AuditFrequency, string> = {
  manually: 'Manually (only when I start it)',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
/** Every zone the browser knows, the schedule's own first if it is not among them. */
const zones = (current: string) => {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(current) ? known : [current, ...known];
};

/**
 * The launch audit dialog (spec 02 §2: frequency, day, time): run an audit now, or save when it
 * runs by itself, weekly or monthly at a time in a time zone (spec 02 §9: manually, weekly, monthly).
 */
export default function LaunchAuditDialog({ schedule, onClose }: { schedule: AuditSchedule; onClose: () => void }) {
  const save = useSaveAuditSchedule();
  const { recheck } = useAuditActions();
  const [frequency, setFrequency] = useState<AuditFrequency>(schedule.frequency);
  const [weekday, setWeekday] = useState(schedule.weekday);
  const [monthDay, setMonthDay] = useState(schedule.monthDay);
  const [time, setTime] = useState(schedule.time);
  // A company that has never scheduled starts from the viewer's own zone.
  const [timeZone, setTimeZone] = useState(schedule.frequency === 'manually' ? viewerZone() : schedule.timeZone);
  const fieldError = (field: string) => (isApiError(save.error, 422) ? save.error.fieldErrors[field] : undefined);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    save.mutate(
      { frequency, weekday, monthDay, time, timeZone },
      {
        onSuccess: (saved) => {
          notify.success(
            saved.frequency === 'manually' ? 'Audits now run only when you start them.' : describeSchedule(saved),
          );
          onClose();
        },
      },
    );
  };
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
      <form onSubmit={submit} noValidate className="dialog__body launch-audit__form">
        <SelectField
          label="Frequency"
          value={frequency}
          onChange={(e) => setFrequency(e.target.value as AuditFrequency)}
          error={fieldError('frequency')}
        >
          {AUDIT_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {FREQUENCY_LABELS[f]}
            </option>
          ))}
        </SelectField>
        {frequency === 'weekly' ? (
          <SelectField
            label="Day"
            value={weekday}
            onChange={(e) => setWeekday(Number(e.target.value))}
            error={fieldError('weekday')}
          >
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
            value={monthDay}
            onChange={(e) => setMonthDay(Number(e.target.value))}
            error={fieldError('monthDay')}
            hint="In a shorter month, a later day runs on its last day."
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
            <TextField
              label="Time"
              type="time"
              required
              value={time}
              onChange={(e) => setTime(e.target.value)}
              error={fieldError('time')}
            />
            <SelectField
              label="Time zone"
              value={timeZone}
              onChange={(e) => setTimeZone(e.target.value)}
              error={fieldError('timeZone')}
            >
              {zones(timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </SelectField>
          </div>
        ) : null}
        {save.error && !isApiError(save.error, 422) ? (
          <p className="field__error" role="alert">
            {errorMessage(save.error)}
          </p>
        ) : null}
        <div className="dialog__actions launch-audit__actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" variant="secondary" pending={recheck.isPending} onClick={runNow}>
            Run audit now
          </Button>
          <Button type="submit" pending={save.isPending}>
            Save schedule
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
