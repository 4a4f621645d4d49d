import { PlugZap } from 'lucide-react';
import { Navigate, NavLink, useParams } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import '@/styles/tabs.css';

const TABS = [
  { tab: 'profile', label: 'Profile' },
  { tab: 'reviews', label: 'Reviews' },
];

/** /business-manager/{tab}: no listing integration can be connected yet, so this is its "Not connected" state. */
export default function BusinessManagerRoute() {
  const { tab } = useParams();
  if (!TABS.some((t) => t.tab === tab)) return <Navigate to="/business-manager/profile" replace />;
  return (
    <div className="page">
      <PageHeader
        title="Business manager"
        description="Your local business listing: profile, hours, services and reviews."
      />
      <nav className="tabs" aria-label="Business manager sections">
        {TABS.map((t) => (
          <NavLink
            key={t.tab}
            to={`/business-manager/${t.tab}`}
            className={({ isActive }) => ['tab', isActive ? 'tab--active' : ''].join(' ')}
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Card>
        <EmptyState
          icon={PlugZap}
          title="Not connected"
          action={<ButtonLink to="/settings/apps">Applications</ButtonLink>}
        >
          Connect Google My Business in Applications to manage your listing here.
        </EmptyState>
      </Card>
    </div>
  );
}
