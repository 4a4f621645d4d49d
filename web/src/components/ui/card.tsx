import type { ComponentProps, ReactNode } from 'react';

type CardProps = Omit<ComponentProps<'section'>, 'title'> & {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  padded?: boolean;
};

export function Card({ title, description, actions, children, className, padded = true, ...rest }: CardProps) {
  return (
    <section className={['card', padded ? 'card--padded' : '', className ?? ''].filter(Boolean).join(' ')} {...rest}>
      {title || actions ? (
        <header className="card__header">
          <div>
            {title ? <h2 className="card__title">{title}</h2> : null}
            {description ? <p className="card__description">{description}</p> : null}
          </div>
          {actions ? <div className="card__actions">{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </section>
  );
}
