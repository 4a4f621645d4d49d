import { PLATFORM_LABELS } from '@shared/platforms';
import { ENGAGEMENT_DAYS } from '@shared/report-periods';
import { Heart, MessageCircle, Share2, Users } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { Metric, Metrics } from '@/components/ui/metric';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { dashboardFigures, dashboardRange, formatCount } from '@/api/reports/report-figures';
import { localToday, useReports } from '@/api/reports/reports';

const reportLink = (
  <Link to="/report" className="card-link">
    View report
  </Link>
);

/**
 * Spec 01 §2 "Dashboard": Total Followers (each platform's latest audience, summed) and Engagement
 * (likes, comments and shares over the 7 days ending yesterday, §9), from GET /api/reports. One
 * question for both: the engagement week and today.
 */
export function AudienceCards() {
  // The day of the page's first render: a dashboard left open past midnight keeps its week.
  const today = useMemo(() => localToday(), []);
  const report = useReports(dashboardRange(today));
  const figures = useMemo(() => dashboardFigures(report.data, today), [report.data, today]);
  const status = report.isPending ? (
    <Spinner label="Loading followers" />
  ) : report.isError ? (
    <p className="field__error">{errorMessage(report.error)}</p>
  ) : null;
  const { followers, engagement } = figures;
  return (
    <>
      <Card title="Total Followers" actions={followers ? reportLink : undefined}>
        <Metric icon={Users} large value={followers ? formatCount(followers.total) : undefined} />
        {status ??
          (followers ? (
            <p className="muted">
              {followers.platforms.map((p) => `${PLATFORM_LABELS[p.platform]} ${formatCount(p.total)}`).join(' · ')}
            </p>
          ) : (
            <p className="muted">Connect an account in Settings to start counting followers.</p>
          ))}
      </Card>
      <Card
        title="Engagement"
        description={`Last ${ENGAGEMENT_DAYS} days, ending yesterday.`}
        actions={engagement ? reportLink : undefined}
      >
        <Metrics>
          <Metric icon={Heart} label="Likes" value={engagement ? formatCount(engagement.likes) : undefined} />
          <Metric
            icon={MessageCircle}
            label="Comments"
            value={engagement ? formatCount(engagement.comments) : undefined}
          />
          <Metric icon={Share2} label="Shares" value={engagement ? formatCount(engagement.shares) : undefined} />
        </Metrics>
        {report.isError ? status : null}
      </Card>
    </>
  );
}
