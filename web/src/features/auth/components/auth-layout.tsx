import { CalendarCheck2, TrendingUp, Wand2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';
import { Brand } from '@/components/ui/brand';
import './auth.css';

/** Split layout of every auth screen: a calm brand panel and the form card. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth">
      <aside className="auth__brand" aria-hidden>
        <Link to="/" className="auth__logo" tabIndex={-1}>
          <Brand />
        </Link>
        <div className="auth__pitch">
          <h2>Plan, create and publish your marketing in one calm place.</h2>
          <ul>
            <li>
              <Wand2 size={18} /> Generate social and blog posts with AI
            </li>
            <li>
              <CalendarCheck2 size={18} /> Schedule everything on one calendar
            </li>
            <li>
              <TrendingUp size={18} /> Follow what works with clear reports
            </li>
          </ul>
        </div>
        <p className="auth__legal">Facebook · Instagram · Threads · LinkedIn · WordPress</p>
      </aside>
      <main className="auth__main">
        <div className="auth__mobile-logo">
          <Brand />
        </div>
        <div className="auth__card">
          <header className="auth__header">
            <h1 className="auth__title">{title}</h1>
            {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
          </header>
          {children}
        </div>
        {footer ? <footer className="auth__footer">{footer}</footer> : null}
      </main>
    </div>
  );
}

/** A line of the footer: a question, when there is one, then the link that answers it. */
export function FooterLink({ prompt, to, children }: { prompt?: string; to: To; children: ReactNode }) {
  return (
    <span>
      {prompt ? `${prompt} ` : null}
      <Link to={to}>{children}</Link>
    </span>
  );
}
