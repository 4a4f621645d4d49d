import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { SubscriptionRequired } from '@/components/subscription-required';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { viewerZone } from '@/lib/format-date';
import { usePaidPlan } from '@/api/billing/paid-plan';
import { useMay } from '@/api/companies/permissions';
import { useQueue, useQueueSettings } from '@/api/queue/queue';
import { PlatformQueue } from '../components/queue-list';
import { SlotSettings } from '../components/slot-settings';
import '../queue.css';

/**
 * /queue: what goes out next on each platform, slot by slot, with reordering and removal, and the
 * time slots below. Queued posts are scheduled posts; scheduling needs a paid plan, so without
 * one the page says so, as SEO keywords do.
 */
export default function QueueRoute() {
  const zone = viewerZone();
  const paid = usePaidPlan();
  const queue = useQueue(zone);
  const settings = useQueueSettings(zone);
  const mayEdit = useMay('content');

  let body;
  if (paid.isPending || queue.isPending || settings.isPending) {
    body = <Spinner label="Loading the queue" />;
  } else if (paid.data === false) {
    body = (
      <Card>
        <SubscriptionRequired>The queue schedules posts, which comes with a paid plan.</SubscriptionRequired>
      </Card>
    );
  } else if (queue.isError || settings.isError) {
    body = <Alert type="error">{errorMessage(queue.error ?? settings.error)}</Alert>;
  } else {
    const shownZone = queue.data.timeZone;
    body = (
      <>
        <p className="queue-note">
          Times in {shownZone}. Add posts from the editor or from a post on the <Link to="/calendar">calendar</Link>.
        </p>
        <div className="queue-platforms">
          {queue.data.platforms.map((entry) => (
            <PlatformQueue key={entry.platform} entry={entry} zone={shownZone} mayEdit={mayEdit} />
          ))}
        </div>
        <SlotSettings key={JSON.stringify(settings.data)} settings={settings.data} mayEdit={mayEdit} />
      </>
    );
  }
  return (
    <div className="page">
      <PageHeader title="Queue" description="The next posts on each platform, in the time slots they will go out in." />
      {body}
    </div>
  );
}
