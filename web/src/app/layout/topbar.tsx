import { COMPANY_SELECTOR_MIN_COMPANIES } from '@shared/constants';
import { displayCompanyName } from '@shared/schemas/company-record';
import { ChevronsUpDown, Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useProfile } from '@/api/auth/profile';
import { useCurrentCompany, useSelectCompany } from '@/api/companies/companies';

const NotificationsMenu = lazy(() => import('@/features/notifications/components/notifications-menu'));

/**
 * True a few seconds after the page has loaded and the browser is idle: the notifications bell
 * (its code and its first fetch) comes after the page, so it never adds to the first load.
 */
function useAfterFirstLoad(delayMs = 2500) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      timer = setTimeout(() => {
        setReady(true);
      }, delayMs);
    };
    if (document.readyState === 'complete') arm();
    else window.addEventListener('load', arm, { once: true });
    return () => {
      window.removeEventListener('load', arm);
      clearTimeout(timer);
    };
  }, [delayMs]);
  return ready;
}

function DeferredNotifications() {
  const ready = useAfterFirstLoad();
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsMenu />
    </Suspense>
  );
}

function CompanySelector() {
  const { data: companies = [], company } = useCurrentCompany();
  const selectCompany = useSelectCompany();
  const navigate = useNavigate();
  const id = useId();

  if (companies.length < COMPANY_SELECTOR_MIN_COMPANIES) {
    return company ? <span className="topbar__company">{displayCompanyName(company.name)}</span> : null;
  }
  return (
    <div className="company-select">
      <label htmlFor={id} className="visually-hidden">
        Company
      </label>
      <select
        id={id}
        className="company-select__control"
        value={company?.id ?? ''}
        onChange={(event) => {
          selectCompany(Number(event.target.value));
          void navigate('/');
        }}
      >
        {companies.map((c) => (
          <option key={c.id} value={c.id}>
            {displayCompanyName(c.name)}
          </option>
        ))}
      </select>
      <ChevronsUpDown className="company-select__icon" size={16} aria-hidden />
    </div>
  );
}

export function Topbar({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { data: profile } = useProfile();
  const name = profile ? `${profile.firstName} ${profile.lastName}`.trim() : '';
  const initials = profile ? `${profile.firstName[0] ?? ''}${profile.lastName[0] ?? ''}`.toUpperCase() : '';
  return (
    <header className="topbar">
      <button
        type="button"
        className="icon-btn topbar__menu"
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpen}
        onClick={onToggleMenu}
      >
        {menuOpen ? <X size={20} /> : <Menu size={20} />}
      </button>
      <CompanySelector />
      <div className="topbar__spacer" />
      {profile ? <DeferredNotifications /> : null}
      {profile ? (
        <div className="topbar__user" title={profile.email}>
          <span className="avatar" aria-hidden>
            {initials || '?'}
          </span>
          <span className="topbar__name">{name || profile.email}</span>
        </div>
      ) : null}
    </header>
  );
}
