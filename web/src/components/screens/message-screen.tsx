import type { ReactNode } from 'react';

/**
 * A full-page message: icon, optional eyebrow, title, text and actions. The error, not-found
 * and invite screens are all this shape.
 */
export function MessageScreen({
  icon,
  danger = false,
  eyebrow,
  title,
  children,
}: {
  icon: ReactNode;
  danger?: boolean;
  eyebrow?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <main className="screen">
      <div className="screen__panel">
        <span className={danger ? 'screen__icon screen__icon--danger' : 'screen__icon'} aria-hidden>
          {icon}
        </span>
        {eyebrow ? <p className="screen__code">{eyebrow}</p> : null}
        <h1 className="screen__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
