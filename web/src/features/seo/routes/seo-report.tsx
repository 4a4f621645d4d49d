import { messages } from '@shared/messages';
import { Gauge, RefreshCw, Rocket } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { promptIfUpgradeRequired } from '@/components/upgrade-prompt';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCurrentCompany } from '@/api/companies/companies';
import { formatDateTime } from '@/lib/format-date';
import { loadChunk } from '@/lib/load-chunk';
import { useMay } from '@/api/companies/permissions';
import { notify } from '@/lib/toast';
import { auditInProgress, useAuditActions, useSeoReport } from '@/api/seo/seo-report';
import { AuditNav } from '../components/audit-nav';
import { AuditStatus } from '../components/audit-status';
import { CategoryList } from '../components/category-list';
import { ScoreCards } from '../components/score-cards';
import { SiteOwnershipCard } from '../components/site-ownership-card';
import { AddWebsiteCard, hasUsableWebsite } from '../components/website-gate';
import '../seo-report.css';

// The schedule and its dialog come after the report: not part of the page's first load.
const AuditScheduleCard = lazy(() => loadChunk(() => import('../components/audit-schedule-card')));

/**
 * /seo-report (spec 01 §2, 02 §2): the technical SEO report of the company website. Check Again,
 * Stop and Restart are for the roles that may change the audit; the others read the report.
 */
export default function SeoReportRoute() {
  const { company } = useCurrentCompany();
  const hasWebsite = hasUsableWebsite(company);
  const report = useSeoReport(hasWebsite);
  const { recheck, stop } = useAuditActions();
  const mayAudit = useMay('seo');
  const mayPay = useMay('billing');
  const mayOnboard = useMay('profile');

  const checkAgain = () =>
    recheck.mutate(undefined, {
      onError: (error) => {
        if (!promptIfUpgradeRequired(error)) notify.error(errorMessage(error));
      },
    });
  const stopAudit = () => stop.mutate(undefined, { onError: (error) => notify.error(errorMessage(error)) });

  let body;
  if (!hasWebsite && company && !company.onboarded) {
    body = (
      <Card>
        <EmptyState
          icon={Rocket}
          title="Get onboarded to see your SEO report"
          action={mayOnboard ? <ButtonLink to="/dashboard/onboard">Set Up Marketing Plan</ButtonLink> : undefined}
        >
          The SEO report checks your company website. Start with the marketing plan setup to add it.
        </EmptyState>
      </Card>
    );
  } else if (!hasWebsite) {
    body = (
      <AddWebsiteCard title="Add a website to see your SEO report">
        The SEO report checks your company website. Add it on the company page.
      </AddWebsiteCard>
    );
  } else if (report.isPending) {
    body = (
      <Card>
        <div className="seo-loading">
          <Spinner label="Loading the SEO report" />
        </div>
      </Card>
    );
  } else if (report.isError) {
    body = (
      <Alert
        type="error"
        title={
          errorMessage(report.error) === messages.websiteNotRegistered
            ? 'Website not registered'
            : 'Something went wrong'
        }
      >
        {errorMessage(report.error)}
      </Alert>
    );
  } else {
    const data = report.data;
    const running = auditInProgress(data);
    const needsPlan = !data.paid_plan && data.free_audits_left === 0;
    body = (
      <>
        {needsPlan ? (
          <Alert
            type="warning"
            title="Your free audit for this month is used"
            action={
              mayPay ? (
                <ButtonLink to="/settings/billing" variant="secondary" size="sm">
                  Upgrade
                </ButtonLink>
              ) : undefined
            }
          >
            Checking again this month needs a paid plan.
          </Alert>
        ) : null}
        {data.audit ? (
          <AuditStatus
            audit={data.audit}
            onStop={mayAudit ? stopAudit : undefined}
            stopping={stop.isPending}
            onRestart={mayAudit ? checkAgain : undefined}
            restarting={recheck.isPending}
          />
        ) : null}
        {data.is_finished && data.outdated && !running ? (
          <Alert
            type="warning"
            title="This report is outdated"
            action={
              mayAudit ? (
                <Button variant="secondary" size="sm" pending={recheck.isPending} onClick={checkAgain}>
                  Restart audit
                </Button>
              ) : undefined
            }
          >
            {data.outdated === 'website'
              ? `Your company website is now ${data.website}, and this report is of the site audited before.`
              : 'Your audit settings changed after this audit ran.'}{' '}
            {data.outdated === 'website'
              ? mayAudit
                ? 'Restart the audit to check it.'
                : 'An admin or manager can restart the audit to check it.'
              : mayAudit
                ? 'Restart the audit to see your site as the new settings check it.'
                : 'An admin or manager can restart the audit to see your site as the new settings check it.'}
          </Alert>
        ) : null}
        {data.is_finished ? (
          <>
            <ScoreCards report={data} />
            <Card
              title="SEO Technical Categories"
              description="Sorted by what needs attention first. Open a category to see its issues and how to fix them."
            >
              <CategoryList report={data} />
            </Card>
            <SiteOwnershipCard />
          </>
        ) : (
          <Card>
            <EmptyState icon={Gauge} title={messages.noSeoReport}>
              {running ? `We are checking ${data.website} now and will list what to fix, sorted by impact.` : null}
            </EmptyState>
          </Card>
        )}
        <Suspense fallback={null}>
          <AuditScheduleCard />
        </Suspense>
      </>
    );
  }

  const data = report.data;
  const actions =
    data && !auditInProgress(data) && (data.is_finished || data.audit) ? (
      <>
        {data.audit_time ? (
          <p className="seo-updated">
            Last Updated <time dateTime={data.audit_time}>{formatDateTime(data.audit_time)}</time>
          </p>
        ) : null}
        {mayAudit ? (
          <Button icon={<RefreshCw size={16} aria-hidden />} pending={recheck.isPending} onClick={checkAgain}>
            Check Again
          </Button>
        ) : null}
      </>
    ) : data?.audit_time ? (
      <p className="seo-updated">
        Last Updated <time dateTime={data.audit_time}>{formatDateTime(data.audit_time)}</time>
      </p>
    ) : undefined;

  return (
    <div className="page">
      <PageHeader title="SEO Report" description="A technical check of your company website." actions={actions} />
      {/* The website audit's other views, once there is an audit to show. */}
      {hasWebsite && data?.is_finished ? <AuditNav /> : null}
      <div className="seo-report">{body}</div>
    </div>
  );
}
