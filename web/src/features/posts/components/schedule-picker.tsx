import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  addMonths,
  eachDay,
  endOfMonth,
  endOfWeek,
  formatAs,
  isSameMonth,
  localeWeekStart,
  parseRouteDate,
  startOfMonth,
  startOfWeek,
  today,
  toRouteDate,
} from '@/lib/dates';

/**
 * The schedule picker (spec 01 §5): a month of days and a time as HH:mm. Days before today,
 * and the leading days of the previous month in the grid, cannot be chosen. `timeRef` is the time
 * input's, so a form focuses it when the schedule fails its check.
 */
export function SchedulePicker({
  day,
  time,
  zone,
  onChange,
  error,
  disabled,
  timeRef,
}: {
  day: string;
  time: string;
  zone: string;
  onChange: (value: { day: string; time: string }) => void;
  error?: string;
  disabled?: boolean;
  timeRef?: (element: HTMLInputElement | null) => void;
}) {
  const first = today(zone);
  const [shown, setShown] = useState<Date>(() => startOfMonth(parseRouteDate(day, zone)));
  const timeId = useId();
  const weekStartsOn = localeWeekStart();
  const days = eachDay(startOfWeek(shown, weekStartsOn), endOfWeek(endOfMonth(shown), weekStartsOn));
  const canGoBack = addMonths(shown, -1).getTime() >= startOfMonth(first).getTime();
  return (
    <div className={['schedule', error ? 'schedule--invalid' : ''].join(' ')}>
      <div className="schedule__head">
        <Button
          variant="ghost"
          size="sm"
          aria-label="Previous month"
          disabled={!canGoBack || disabled}
          onClick={() => setShown(addMonths(shown, -1))}
          icon={<ChevronLeft size={16} />}
        />
        <p className="schedule__month" aria-live="polite">
          {formatAs(shown, 'MMMM yyyy')}
        </p>
        <Button
          variant="ghost"
          size="sm"
          aria-label="Next month"
          disabled={disabled}
          onClick={() => setShown(addMonths(shown, 1))}
          icon={<ChevronRight size={16} />}
        />
      </div>
      <div className="schedule__grid" role="group" aria-label="Publish date">
        {days.slice(0, 7).map((d) => (
          <span key={`h${formatAs(d, 'EEE')}`} className="schedule__weekday" aria-hidden>
            {formatAs(d, 'EEEEE')}
          </span>
        ))}
        {days.map((d) => {
          const value = toRouteDate(d);
          const blocked = d.getTime() < first.getTime() || d.getTime() < shown.getTime();
          return (
            <button
              key={value}
              type="button"
              className={[
                'schedule__day',
                isSameMonth(d, shown) ? '' : 'schedule__day--outside',
                value === day ? 'schedule__day--selected' : '',
              ].join(' ')}
              disabled={blocked || disabled}
              aria-pressed={value === day}
              aria-label={formatAs(d, 'EEEE d MMMM yyyy')}
              onClick={() => {
                onChange({ day: value, time });
                if (!isSameMonth(d, shown)) setShown(startOfMonth(d));
              }}
            >
              {formatAs(d, 'd')}
            </button>
          );
        })}
      </div>
      <div className="schedule__time">
        <label htmlFor={timeId}>Time</label>
        <input
          id={timeId}
          ref={timeRef}
          type="time"
          className="input"
          step={60}
          value={time}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${timeId}-error` : undefined}
          onChange={(event) => onChange({ day, time: event.target.value })}
        />
      </div>
      {error ? (
        <p className="field__error" id={`${timeId}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
