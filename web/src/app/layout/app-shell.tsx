import { useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '@/components/screens/loading-screen';
import { useCompanies } from '@/api/companies/companies';
import { useInviteErrorNotice } from './invite-error-notice';
import { Sidebar } from './sidebar';
import { Topbar } from './topbar';

/** The frame of every signed-in page: side menu, top bar, and the page. */
export function AppShell() {
  const companies = useCompanies();
  const { pathname } = useLocation();
  useInviteErrorNotice();
  // The menu belongs to the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const closeMenu = () => setOpenOn(null);

  // The COMPANY_ID cookie is reconciled when the list loads; pages wait for it so every call is scoped.
  if (companies.isPending) return <LoadingScreen />;
  if (companies.isError) throw companies.error;

  return (
    <div className={['shell', menuOpen ? 'shell--menu-open' : ''].join(' ')}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar onNavigate={() => closeMenu()} />
      <div className="shell__scrim" aria-hidden onClick={() => closeMenu()} />
      <div className="shell__body">
        <Topbar menuOpen={menuOpen} onToggleMenu={() => setOpenOn(menuOpen ? null : pathname)} />
        <main id="main" className="shell__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
