import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import './metric.css';

/**
 * One figure with its icon: a row (icon, label, value) in a list of figures, or `large`, the
 * card's headline number. A figure not known yet is '—', quieter than a real one.
 */
export function Metric({
  icon: Icon,
  label,
  value,
  large,
}: {
  icon: LucideIcon;
  label?: ReactNode;
  value?: ReactNode;
  large?: boolean;
}) {
  const empty = value === undefined || value === null;
  return (
    <div className={['metric', large ? 'metric--large' : ''].filter(Boolean).join(' ')}>
      <span className="metric__icon" aria-hidden>
        <Icon size={large ? 18 : 16} />
      </span>
      {label ? <span className="metric__label">{label}</span> : null}
      <span className={['metric__value', empty ? 'metric__value--empty' : ''].filter(Boolean).join(' ')}>
        {empty ? '—' : value}
      </span>
    </div>
  );
}

/** Figures one under the other. */
export function Metrics({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="metrics" role={label ? 'group' : undefined} aria-label={label}>
      {children}
    </div>
  );
}
