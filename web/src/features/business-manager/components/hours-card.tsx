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

export function HoursCard({ form, update }: FormProps) {
  return (
    <Card title="Business Hours" description="Only days with both an opening and a closing time are saved.">
      <div className="bm-hours">
        {WEEKDAYS.map((day) => (
          <div key={day} className="bm-hours__row">
            <span className="bm-hours__day" id={`day-${day}`}>
              {DAY_LABELS[day]}
            </span>
            {(['open', 'close'] as const).map((edge) => (
              <input
                key={edge}
                type="time"
                className="input"
                aria-label={`${DAY_LABELS[day]} ${edge === 'open' ? 'opens' : 'closes'}`}
                value={form.hours[day][edge]}
                onChange={(e) =>
                  update({ hours: { ...form.hours, [day]: { ...form.hours[day], [edge]: e.target.value } } })
                }
              />
            ))}
          </div>
        ))}
      </div>
    </Card>
  );
}
