import { useEffect, useRef, type ComponentType } from 'react';
import { Navigate, NavLink, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentCompany } from '@/lib/company';
import { AppsTab } from '@/features/settings/components/apps-tab';
import { CompaniesTab } from '@/features/settings/components/companies-tab';
import { CompanyInfoTab } from '@/features/settings/components/company-info-tab';
import { DemoTab } from '@/features/settings/components/demo-tab';
import { IdealCustomerProfilesTab } from '@/features/settings/components/ideal-customer-profiles-tab';
import { MarketingPlanTab } from '@/features/settings/components/marketing-plan-tab';
import { BillingTab } from '@/features/settings/components/placeholder-tabs';
import { UserTab } from '@/features/settings/components/user-tab';

const TABS: { tab: string; label: string; Component: ComponentType; demoOnly?: boolean }[] = [
  { tab: 'apps', label: 'Applications', Component: AppsTab },
  { tab: 'billing', label: 'Billing', Component: BillingTab },
  { tab: 'user', label: 'User', Component: UserTab },
  { tab: 'marketing-plan', label: 'Marketing plan', Component: MarketingPlanTab },
  { tab: 'ideal-customer-profiles', label: 'Ideal customer profiles', Component: IdealCustomerProfilesTab },
  { tab: 'company-info', label: 'Company information', Component: CompanyInfoTab },
  { tab: 'companies', label: 'Companies', Component: CompaniesTab },
  { tab: 'demo', label: 'Demo', Component: DemoTab, demoOnly: true },
];

/**
 * /settings/{tab}; apps is the default, and demo exists only for demo companies. Tabs owned by
 * other features (billing) are handed in by the app's router: features never import each other.
 */
export default function SettingsRoute({ billingTab }: { billingTab?: ComponentType }) {
  const { tab } = useParams();
  const { company } = useCurrentCompany();
  const tabs = TABS.map((t) => (t.tab === 'billing' && billingTab ? { ...t, Component: billingTab } : t)).filter((t) => !t.demoOnly || company?.demo);
  const current = tabs.find((t) => t.tab === tab);
  const navRef = useRef<HTMLElement>(null);

  // On narrow screens the tab strip scrolls: keep the current tab in sight.
  useEffect(() => {
    navRef.current?.querySelector<HTMLElement>('.tab--active')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [tab]);

  if (!current) return <Navigate to="/settings/apps" replace />;
  const { Component } = current;
  return (
    <div className="page">
      <PageHeader title="Settings" description="Your account, your companies and the apps they publish to." />
      <nav ref={navRef} className="tabs" aria-label="Settings sections">
        {tabs.map((t) => (
          <NavLink key={t.tab} to={`/settings/${t.tab}`} className={({ isActive }) => ['tab', isActive ? 'tab--active' : ''].join(' ')}>
            {t.label}
          </NavLink>
        ))}
      </nav>
      <div className="page__content page__content--narrow">
        <Component />
      </div>
    </div>
  );
}
