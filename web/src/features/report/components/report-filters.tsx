import { PLATFORM_LABELS } from '@shared/platforms';
import { REPORT_PERIODS } from '@shared/report-periods';
import type { ReportPlatform } from '@shared/schemas/reports';
import { Check } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { REPORT_PLATFORMS } from '@/api/reports/report-figures';
import { selectionSearch, toggle, type ReportSelection } from '../report-data';

const PERIOD_LABELS = { month: 'Month', quarter: 'Quarter', year: 'Year' } as const;

/**
 * The platform toggles (Facebook, Instagram, Threads, LinkedIn and All) and the period links
 * (Month, Quarter, Year). The choice lives in the report's address (toggles replace it, period
 * links add to the history), so a bookmark or a shared link opens the same report.
 */
export function ReportFilters({ selection }: { selection: ReportSelection }) {
  const navigate = useNavigate();
  const options: { value: ReportPlatform | 'all'; label: string; pressed: boolean }[] = [
    { value: 'all', label: 'All', pressed: selection.all },
    ...REPORT_PLATFORMS.map((platform) => ({
      value: platform,
      label: PLATFORM_LABELS[platform],
      pressed: !selection.all && selection.platforms.includes(platform),
    })),
  ];
  return (
    <div className="toolbar report-filters">
      <div className="chips" role="group" aria-label="Platforms">
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={option.pressed}
            className={['chip', option.pressed ? 'chip--active' : ''].filter(Boolean).join(' ')}
            onClick={() =>
              void navigate({ search: selectionSearch(toggle(selection, option.value)) }, { replace: true })
            }
          >
            {option.pressed ? <Check size={14} aria-hidden /> : null}
            {option.label}
          </button>
        ))}
      </div>
      <nav className="segmented" aria-label="Period">
        {REPORT_PERIODS.map((period) => (
          <Link
            key={period}
            to={{ search: selectionSearch({ ...selection, period }) }}
            className={['segmented__item', selection.period === period ? 'segmented__item--active' : '']
              .filter(Boolean)
              .join(' ')}
            aria-current={selection.period === period ? 'page' : undefined}
          >
            {PERIOD_LABELS[period]}
          </Link>
        ))}
      </nav>
    </div>
  );
}
