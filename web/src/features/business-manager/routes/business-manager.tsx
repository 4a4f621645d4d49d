import { businessMessages } from '@shared/schemas/business-listing';
import { MapPinOff, PlugZap } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Navigate, NavLink, useParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { loadChunk } from '@/lib/load-chunk';
import { useFeatureFlag } from '@/api/metadata/metadata';
import { useMay } from '@/api/companies/permissions';
import { locationIdOf, useBusinessStatus, useLocations } from '@/api/business/business-listing';
import { ProfileTab } from '../components/profile-tab';
import '@/styles/tabs.css';
import '../business-manager.css';

const TABS = [
  { tab: 'profile', label: 'Profile' },
  { tab: 'reviews', label: 'Reviews' },
];

/** The media library's picker, handed in by the router (features do not import each other). */
export type MediaPickerSlot = ComponentType<{
  multiple: boolean;
  selected: number[];
  onChange: (ids: number[]) => void;
  label?: string;
}>;

/** The reviews tab (and the job polling its Generate needs) loads when it is opened. */
const ReviewsTab = lazy(() =>
  loadChunk(() => import('../components/reviews-tab')).then((m) => ({ default: m.ReviewsTab })),
);

const toApps = <ButtonLink to="/settings/apps">Applications</ButtonLink>;

/**
 * /business-manager/{tab} (spec 01 §2, 02 §2): 'Not connected' and 'No business locations found'
 * each lead to Applications; otherwise the location selector (the first by default) and the
 * profile and reviews tabs, each a route of its own.
 */
export default function BusinessManagerRoute({ mediaPicker }: { mediaPicker: MediaPickerSlot }) {
  const { tab } = useParams();
  const enabled = useFeatureFlag('GoogleMyBusinessIntegration');
  const status = useBusinessStatus();
  const connected = status.data?.connected === true;
  const locations = useLocations(connected && enabled);
  const [chosen, setChosen] = useState<string>();
  const mayConnect = useMay('apps');
  if (!TABS.some((t) => t.tab === tab)) return <Navigate to="/business-manager/profile" replace />;
  if (!enabled) return <Navigate to="/" replace />;

  const list = locations.data ?? [];
  const current = list.find((l) => l.id === chosen) ?? list[0];
  const selector =
    list.length > 0 ? (
      <SelectField
        label="Location"
        value={current?.id}
        onChange={(e) => setChosen(e.target.value)}
        fieldClassName="bm-location"
      >
        {list.map((l) => (
          <option key={l.id} value={l.id}>
            {l.title}
            {l.address ? ` (${l.address})` : ''}
          </option>
        ))}
      </SelectField>
    ) : null;

  let body;
  if (status.isPending || (connected && locations.isPending)) body = <Spinner label="Loading your business profile" />;
  else if (status.error || locations.error) {
    body = <Alert type="error">{errorMessage(status.error ?? locations.error)}</Alert>;
  } else if (!connected) {
    body = (
      <Card>
        <EmptyState icon={PlugZap} title={businessMessages.notConnected} action={toApps}>
          {mayConnect
            ? 'Connect Google My Business in Applications to manage your listing here.'
            : 'Once an admin or manager connects Google My Business in Applications, your listing shows here.'}
        </EmptyState>
      </Card>
    );
  } else if (!current) {
    body = (
      <Card>
        <EmptyState icon={MapPinOff} title={businessMessages.noLocations} action={toApps}>
          The chosen Business Profile account has no locations. Choose another account in Applications.
        </EmptyState>
      </Card>
    );
  } else {
    const locationId = locationIdOf(current.id);
    body = (
      <>
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
        {tab === 'profile' ? (
          <ProfileTab key={locationId} locationName={current.id} mediaPicker={mediaPicker} />
        ) : (
          <Suspense fallback={<Spinner label="Loading reviews" />}>
            <ReviewsTab key={locationId} locationId={locationId} />
          </Suspense>
        )}
      </>
    );
  }

  return (
    <div className="page">
      <PageHeader
        title="Business manager"
        description="Your Google Business Profile: contact details, hours, services, photos and reviews."
        actions={selector}
      />
      {status.data?.message === 'disconnected' ? <Alert type="warning">{businessMessages.disconnected}</Alert> : null}
      {body}
    </div>
  );
}
