import { WEEKDAYS } from '@shared/schemas/business-listing';
import { Card } from '@/components/ui/card';
import { FormProps } from './profile-card-props';

const DAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = {
  MONDAY: 'Monday',
  TUESDAY: 'Tuesday',
  WEDNESDAY: 'Wednesday',
  THURSDAY: 'Thursday',
  FRIDAY: 'Friday',
  SATURDAY: 'Saturday',
  SUNDAY: 'Sunday',
};

export function HoursCard({ form, update, errors, inputRef }: FormProps) {
  return (
    <Card title="Business Hours" description="Only days with both an opening and a closing time are saved.">
      <div className="bm-hours">
        {WEEKDAYS.map((day) => {
          const open = errors[`hours.${day}.open`];
          const close = errors[`hours.${day}.close`];
          const message = open ?? close;
          return (
            <div key={day} className="bm-hours__row">
              <span className="bm-hours__day" id={`day-${day}`}>
                {DAY_LABELS[day]}
              </span>
              {(['open', 'close'] as const).map((edge) => {
                const invalid = edge === 'open' ? !!open : !!close;
                return (
                  <input
                    key={edge}
                    type="time"
                    className="input"
                    aria-label={`${DAY_LABELS[day]} ${edge === 'open' ? 'opens' : 'closes'}`}
                    aria-invalid={invalid || undefined}
                    aria-describedby={invalid ? `hours-${day}-error` : undefined}
                    ref={inputRef(`hours.${day}.${edge}`)}
                    value={form.hours[day][edge]}
                    onChange={(e) =>
                      update({ hours: { ...form.hours, [day]: { ...form.hours[day], [edge]: e.target.value } } })
                    }
                  />
                );
              })}
              {message ? (
                <p className="field__error bm-hours__error" id={`hours-${day}-error`} role="alert">
                  {message}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </Card>
  );
}
