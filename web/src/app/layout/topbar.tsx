import { COMPANY_SELECTOR_MIN_COMPANIES } from '@shared/constants';
import { displayCompanyName } from '@shared/schemas/company-record';
import { ChevronsUpDown, Menu, X } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { useProfile } from '@/lib/auth';
import { useCurrentCompany, useSelectCompany } from '@/lib/company';

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
