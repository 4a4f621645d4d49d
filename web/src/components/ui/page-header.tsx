import type { ReactNode } from 'react';

export function PageHeader({
  title,
  description,
  actions,
  eyebrow,
  stacked = false,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  eyebrow?: ReactNode;
  /**
   * Actions on a row of their own under the title, whatever their width: where some actions
   * load after the page, they then never push what is below the header down as they arrive.
   */
  stacked?: boolean;
}) {
  return (
    <header className={['page-header', stacked ? 'page-header--stacked' : ''].join(' ')}>
      <div className="page-header__text">
        {eyebrow ? <div className="page-header__eyebrow">{eyebrow}</div> : null}
        <h1 className="page-header__title">{title}</h1>
        {description ? <p className="page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}
