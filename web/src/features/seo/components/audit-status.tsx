import type { AuditRun } from '@shared/schemas/seo';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/**
 * The latest run when it is not simply finished (spec 02 §4 audit states): in queue behind
 * another audit of the same website (its place), starting (no page crawled yet), in progress with its counters and a Stop button, stopping while the report of
 * what was crawled is prepared, stopped or cut short with partial data (restart suggested), or
 * failed on the home page (its reason) or for a reason of ours. Without `onStop` (a role that may
 * not change the audit) there is no Stop button, without `onRestart` no Restart.
 */
export function AuditStatus({
  audit,
  onStop,
  stopping,
  onRestart,
  restarting = false,
}: {
  audit: AuditRun;
  onStop?: () => void;
  stopping: boolean;
  /** Check Again under another name: a run that did not finish suggests a restart. */
  onRestart?: () => void;
  restarting?: boolean;
}) {
  const p = audit.progress;
  const stopButton = onStop ? (
    <Button variant="secondary" size="sm" pending={stopping} onClick={onStop}>
      Stop
    </Button>
  ) : undefined;
  const restart = onRestart ? (
    <Button variant="secondary" size="sm" pending={restarting} onClick={onRestart}>
      Restart audit
    </Button>
  ) : undefined;

  if (audit.status === 'running' && audit.queuePlace) {
    return (
      <Alert type="info" title={`In queue: number ${audit.queuePlace}`} action={stopButton}>
        <span aria-live="polite">
          Another audit of {audit.website} is running. Yours starts as soon as it ends, and we will email you when the
          report is ready.
        </span>
      </Alert>
    );
  }
  if (audit.status === 'running' && p.batches === 0 && p.pages === 0) {
    return (
      <Alert type="info" title={`Checking ${audit.website}…`} action={stopButton}>
        <span aria-live="polite">
          Preparing the audit: it starts as soon as the crawler is free for your website. We will email you when the
          report is ready.
        </span>
      </Alert>
    );
  }
  if (audit.status === 'running' || audit.status === 'stopping') {
    return (
      <Alert
        type="info"
        title={
          audit.status === 'stopping' ? 'Stopping the audit and preparing the report…' : `Checking ${audit.website}…`
        }
        action={audit.status === 'running' ? stopButton : undefined}
      >
        <span className="seo-progress" aria-live="polite">
          {p.pages} pages · {p.urls} URLs found · {p.errors} errors · {p.warnings} warnings · {p.notices} notices. We
          will email you when the report is ready.
        </span>
      </Alert>
    );
  }
  if (audit.status === 'failed' && audit.error?.kind === 'first-page') {
    return (
      <Alert type="error" title="We could not audit your home page" action={restart}>
        {audit.error.message}
      </Alert>
    );
  }
  if (audit.status === 'failed' || audit.status === 'stopped') {
    return (
      <Alert
        type={audit.status === 'failed' ? 'error' : 'warning'}
        title={audit.status === 'failed' ? 'The last audit did not finish' : 'The last audit is incomplete'}
        action={restart}
      >
        {audit.error?.message}
      </Alert>
    );
  }
  return null;
}
