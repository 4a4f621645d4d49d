import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { addMonths, dayLabel, monthOf, monthWeeks, pickDay, weekdayNames } from '../generate-days';

export interface DayRange {
  from?: string;
  to?: string;
}

/**
 * A month of day buttons for a date range (spec 01 §4 "Date range selection"): days before `min`
 * or after `max` are disabled; the first click sets the start, the second the end, a click
 * before the start starts again. Each day is a button named by its full date, pressed when in
 * the range, so keyboard and screen-reader users pick the same way.
 */
export function DateRangePicker({
  value,
  onChange,
  min,
  max,
  weekStartsOn,
  labelledBy,
}: {
  value: DayRange;
  onChange: (next: DayRange) => void;
  min: string;
  max: string;
  weekStartsOn: number;
  labelledBy: string;
}) {
  const [month, setMonth] = useState(monthOf(value.from ?? min));
  const weeks = monthWeeks(month, weekStartsOn);
  const end = value.to ?? value.from;
  return (
    <div className="range-picker" role="group" aria-labelledby={labelledBy}>
      <div className="range-picker__nav">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label="Previous month"
          icon={<ChevronLeft size={16} aria-hidden />}
          disabled={month <= monthOf(min)}
          onClick={() => setMonth(addMonths(month, -1))}
        />
        <p className="range-picker__month" aria-live="polite">
          {dayLabel(month, { month: 'long', year: 'numeric' })}
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label="Next month"
          icon={<ChevronRight size={16} aria-hidden />}
          disabled={month >= monthOf(max)}
          onClick={() => setMonth(addMonths(month, 1))}
        />
      </div>
      <div className="range-picker__weekdays" aria-hidden>
        {weekdayNames(weekStartsOn).map((name) => (
          <span key={name}>{name}</span>
        ))}
      </div>
      {weeks.map((week, i) => (
        <div key={i} className="range-picker__week">
          {week.map((day, j) => {
            if (!day) return <span key={`pad-${j}`} />;
            const inRange = Boolean(value.from && end && day >= value.from && day <= end);
            const edge = day === value.from || day === value.to;
            return (
              <button
                key={day}
                type="button"
                className={[
                  'range-picker__day',
                  inRange ? 'range-picker__day--in' : '',
                  edge ? 'range-picker__day--edge' : '',
                ].join(' ')}
                data-day={day}
                disabled={day < min || day > max}
                aria-pressed={inRange}
                aria-label={dayLabel(day, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
                onClick={() => onChange(pickDay(value, day))}
              >
                {Number(day.slice(8))}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
