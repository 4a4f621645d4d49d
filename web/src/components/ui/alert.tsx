import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/** The spec's four alert types. */
export type AlertType = 'info' | 'error' | 'warning' | 'success';

const icons = { info: Info, error: XCircle, warning: AlertTriangle, success: CheckCircle2 } as const;

export function Alert({
  type = 'info',
  title,
  children,
  action,
}: {
  type?: AlertType;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  const Icon = icons[type];
  return (
    <div className={`alert alert--${type}`} role={type === 'error' ? 'alert' : 'status'}>
      <Icon className="alert__icon" size={18} aria-hidden />
      <div className="alert__body">
        {title ? <p className="alert__title">{title}</p> : null}
        {children ? <div className="alert__text">{children}</div> : null}
        {action ? <div className="alert__action">{action}</div> : null}
      </div>
    </div>
  );
}
