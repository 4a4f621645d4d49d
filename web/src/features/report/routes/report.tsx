import { LineChart, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCurrentCompany } from '@/api/companies/companies';
import { useMay } from '@/api/companies/permissions';
import { localToday, useRefreshDemoReport, useReports } from '@/api/reports/reports';
import { loadChunk } from '@/lib/load-chunk';
import { notify } from '@/lib/toast';
import { AllFollowersCard, AudienceGrowthCard, EngagementCard } from '../components/report-cards';
import { ReportFilters } from '../components/report-filters';
import { daysName, earlierRange, periodName, readSelection, reportRange, summarize } from '../report-data';
import '../report.css';

// Per-post figures and best times are extras below the audience cards: their code comes after the page's.
const loadAnalytics = () => loadChunk(() => import('../components/post-analytics-cards'));
const TopPostsCard = lazy(() => loadAnalytics().then((m) => ({ default: m.TopPostsCard })));
const BestTimesCard = lazy(() => loadAnalytics().then((m) => ({ default: m.BestTimesCard })));

/** Spec 01 §2 "Reports (/report)": a demo company's Refresh report draws a new year of sample figures. */
function RefreshReportButton() {
  const refresh = useRefreshDemoReport();
  return (
    <Button
      variant="secondary"
      icon={<RefreshCw size={16} aria-hidden />}
      pending={refresh.isPending}
      title="Draws a new year of sample figures for this demo company."
      onClick={() =>
        refresh.mutate(undefined, {
          onSuccess: () => notify.success('The report has new sample figures.'),
          onError: (error) => notify.error(errorMessage(error)),
        })
      }
    >
      Refresh report
    </Button>
  );
}

function CollectingData() {
  return (
    <Card>
      <EmptyState icon={LineChart} title="We are collecting data. Please, check in a few days">
        All Followers, Engagement and Audience Growth appear here once your connected accounts have some history.
      </EmptyState>
    </Card>
  );
}

/**
 * Spec 01 §2 "Reports (/report)": platform toggles, period links (the calendar month, quarter or
 * year holding today, §9, or the one before while today's has no figures yet), and the cards All Followers, Engagement and Audience Growth from
 * GET /api/reports; then the period's top posts and the best times to post.
 */
export default function ReportRoute() {
  const [params] = useSearchParams();
  const selection = useMemo(() => readSelection(params), [params]);
  const { company } = useCurrentCompany();
  // Drawing new figures rewrites the demo's posts as well: a content right.
  const mayRefresh = useMay('content');
  // The day of the page's first render: a report left open past midnight keeps its period.
  const today = useMemo(() => localToday(), []);
  const current = useMemo(() => reportRange(selection.period, today), [selection.period, today]);
  const latest = useReports(current.query);
  const earlier = useMemo(
    () => earlierRange(latest.data, selection.platforms, current),
    [latest.data, selection.platforms, current],
  );
  const before = useReports(earlier?.query);
  const range = earlier ?? current;
  const report = earlier ? before : latest;
  const summary = useMemo(
    () => summarize(report.data, selection.platforms, range),
    [report.data, selection.platforms, range],
  );
  return (
    <div className="page report">
      <PageHeader
        title="Reporting"
        description="Followers, engagement and audience growth across your platforms."
        actions={company?.demo && mayRefresh ? <RefreshReportButton /> : undefined}
      />
      <ReportFilters selection={selection} />
      <p className="report-period">
        <strong>{periodName(range)}</strong> · {daysName(range)}
        {earlier ? (
          <span>
            {' '}
            · {periodName(current)} has no figures yet: the {current.period} before is shown.
          </span>
        ) : null}
      </p>
      {report.isPending ? (
        <Card>
          <div className="audience-growth__placeholder report-loading">
            <Spinner label="Loading the report" />
          </div>
        </Card>
      ) : report.isError ? (
        <Alert type="error" title="The report could not be loaded">
          {errorMessage(report.error)}
        </Alert>
      ) : summary.platforms.length === 0 ? (
        <CollectingData />
      ) : (
        <>
          <div className="grid grid--2">
            <AllFollowersCard summary={summary} range={range} />
            <EngagementCard summary={summary} range={range} />
          </div>
          <AudienceGrowthCard summary={summary} range={range} />
        </>
      )}
      <Suspense fallback={null}>
        <TopPostsCard platforms={selection.platforms} all={selection.all} range={range} />
        <BestTimesCard platforms={selection.platforms} />
      </Suspense>
    </div>
  );
}
