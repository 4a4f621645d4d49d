import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  compact,
}: {
  icon?: LucideIcon;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}) {
  return (
    <div className={['empty', compact ? 'empty--compact' : ''].join(' ')}>
      {Icon ? (
        <span className="empty__icon" aria-hidden>
          <Icon size={compact ? 20 : 24} />
        </span>
      ) : null}
      <p className="empty__title">{title}</p>
      {children ? <div className="empty__text">{children}</div> : null}
      {action ? <div className="empty__action">{action}</div> : null}
    </div>
  );
}
