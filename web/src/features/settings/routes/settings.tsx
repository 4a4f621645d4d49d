import { roleMay, type Permission } from '@shared/permissions';
import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { Navigate, NavLink, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentCompany } from '@/api/companies/companies';
import { loadChunk } from '@/lib/load-chunk';
import { useRole } from '@/api/companies/permissions';
import '@/styles/tabs.css';

/** One chunk per tab: a settings page downloads the tab it shows, not all nine. */
const lazyTab = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(() => loadChunk(load).then((module) => ({ default: pick(module) })));

/** A tab whose whole purpose needs a permission is listed only for the roles that have it. */
const TABS: { tab: string; label: string; Component: ComponentType; demoOnly?: boolean; permission?: Permission }[] = [
  {
    tab: 'apps',
    label: 'Applications',
    Component: lazyTab(
      () => import('../components/apps-tab'),
      (m) => m.AppsTab,
    ),
  },
  {
    tab: 'billing',
    label: 'Billing',
    Component: lazyTab(
      () => import('../components/placeholder-tabs'),
      (m) => m.BillingTab,
    ),
  },
  {
    tab: 'user',
    label: 'User',
    Component: lazyTab(
      () => import('../components/user-tab'),
      (m) => m.UserTab,
    ),
  },
  {
    tab: 'marketing-plan',
    label: 'Marketing plan',
    Component: lazyTab(
      () => import('../components/marketing-plan-tab'),
      (m) => m.MarketingPlanTab,
    ),
  },
  {
    tab: 'ideal-customer-profiles',
    label: 'Ideal customer profiles',
    Component: lazyTab(
      () => import('../components/ideal-customer-profiles-tab'),
      (m) => m.IdealCustomerProfilesTab,
    ),
  },
  {
    tab: 'company-info',
    label: 'Company information',
    Component: lazyTab(
      () => import('../components/company-info-tab'),
      (m) => m.CompanyInfoTab,
    ),
  },
  {
    tab: 'companies',
    label: 'Companies',
    Component: lazyTab(
      () => import('../components/companies-tab'),
      (m) => m.CompaniesTab,
    ),
  },
  {
    tab: 'api',
    label: 'API & webhooks',
    Component: lazyTab(
      () => import('../components/api-tab'),
      (m) => m.ApiTab,
    ),
    permission: 'developer',
  },
  {
    tab: 'demo',
    label: 'Demo',
    Component: lazyTab(
      () => import('../components/demo-tab'),
      (m) => m.DemoTab,
    ),
    demoOnly: true,
    // Its one action resets the demo company.
    permission: 'company',
  },
];

/** While a tab's chunk loads: a labelled status, so screen readers hear that something is coming. */
function TabLoading({ label }: { label: string }) {
  return (
    <div className="empty">
      <Spinner size={24} label={`Loading ${label}`} />
    </div>
  );
}

/**
 * /settings/{tab}; apps is the default, and demo exists only for demo companies; a tab the role
 * cannot use at all (API & webhooks, Demo for non-admins) is not listed, and its address goes to
 * apps. Tabs owned by other features (billing) are handed in by the app's router: features never
 * import each other.
 */
export default function SettingsRoute({ billingTab }: { billingTab?: ComponentType }) {
  const { tab } = useParams();
  const { company } = useCurrentCompany();
  const role = useRole();
  const tabs = TABS.map((t) => (t.tab === 'billing' && billingTab ? { ...t, Component: billingTab } : t)).filter(
    (t) => (!t.demoOnly || company?.demo) && (!t.permission || (role !== undefined && roleMay(role, t.permission))),
  );
  const current = tabs.find((t) => t.tab === tab);
  const navRef = useRef<HTMLElement>(null);

  // On narrow screens the tab strip scrolls: keep the current tab in sight.
  useEffect(() => {
    navRef.current?.querySelector<HTMLElement>('.tab--active')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [tab]);

  // Until the role is known (a company list still loading), a tab it may allow is not given up on.
  if (!current && company && role === undefined) return <TabLoading label="Settings" />;
  if (!current) return <Navigate to="/settings/apps" replace />;
  const { Component } = current;
  return (
    <div className="page">
      <PageHeader title="Settings" description="Your account, your companies and the apps they publish to." />
      <nav ref={navRef} className="tabs" aria-label="Settings sections">
        {tabs.map((t) => (
          <NavLink
            key={t.tab}
            to={`/settings/${t.tab}`}
            className={({ isActive }) => ['tab', isActive ? 'tab--active' : ''].join(' ')}
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      <div className="page__content page__content--narrow">
        <Suspense fallback={<TabLoading label={current.label} />}>
          <Component />
        </Suspense>
      </div>
    </div>
  );
}
