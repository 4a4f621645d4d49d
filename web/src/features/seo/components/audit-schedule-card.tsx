import { auditScheduleMessages } from '@shared/schemas/audit-schedule';
import { CalendarClock } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { loadChunk } from '@/lib/load-chunk';
import { useMay } from '@/api/companies/permissions';
import { useAuditSchedule } from '@/api/audit/audit-schedule';
import { describeSchedule, formatRun } from './audit-schedule-text';
import '../audit-schedule.css';

// The dialog and its styles are fetched when it is first opened.
const LaunchAuditDialog = lazy(() => loadChunk(() => import('./launch-audit-dialog')));

/**
 * When the website audit runs by itself, its next run, and a due run that did not start (the
 * month's free audit used, with the upgrade; an audit already running; no website), with the
 * Launch audit button that opens the dialog (spec 02 §2), for the roles that may change the audit;
 * Upgrade only for those that may pay.
 */
export default function AuditScheduleCard() {
  const schedule = useAuditSchedule();
  const [open, setOpen] = useState(false);
  const mayLaunch = useMay('seo');
  const mayPay = useMay('billing');
  const data = schedule.data;
  const last = data?.last;

  return (
    <>
      {last?.outcome === 'free-limit' ? (
        <Alert
          type="warning"
          title="Your scheduled audit did not run"
          action={
            mayPay ? (
              <ButtonLink to="/settings/billing" variant="secondary" size="sm">
                Upgrade
              </ButtonLink>
            ) : undefined
          }
        >
          {auditScheduleMessages.freeLimit}
        </Alert>
      ) : null}
      {last?.outcome === 'already-running' ? <Alert type="info">{auditScheduleMessages.alreadyRunning}</Alert> : null}
      {last?.outcome === 'no-website' ? <Alert type="warning">{auditScheduleMessages.noWebsite}</Alert> : null}
      {last?.outcome === 'refused' ? (
        <Alert type="warning" title="Your scheduled audit did not run">
          {last.message}
        </Alert>
      ) : null}
      <Card
        className="audit-schedule"
        title="Audit schedule"
        description={data ? describeSchedule(data) : 'Loading the schedule…'}
        actions={
          mayLaunch ? (
            <Button
              variant="secondary"
              icon={<CalendarClock size={16} aria-hidden />}
              disabled={!data}
              onClick={() => setOpen(true)}
            >
              Launch audit
            </Button>
          ) : undefined
        }
      >
        {data?.nextRunAt ? (
          <p className="audit-schedule__next">
            Next audit: <time dateTime={data.nextRunAt}>{formatRun(data.nextRunAt, data.timeZone)}</time>
          </p>
        ) : null}
      </Card>
      {open && data ? (
        <Suspense fallback={null}>
          <LaunchAuditDialog schedule={data} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
