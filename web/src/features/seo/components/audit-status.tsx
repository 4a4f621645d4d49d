import type { AuditRun } from '@shared/schemas/seo';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/**
 * The latest run when it is not simply finished (spec 02 §4 audit states): in progress with its
 * counters and a Stop button, stopped with partial data, or failed (its first page, or a crash).
 */
export function AuditStatus({ audit, onStop, stopping }: { audit: AuditRun; onStop: () => void; stopping: boolean }) {
  const p = audit.progress;
  if (audit.status === 'running' || audit.status === 'stopping') {
    return (
      <Alert
        type="info"
        title={
          audit.status === 'stopping' ? 'Stopping the audit and preparing the report…' : `Checking ${audit.website}…`
        }
        action={
          audit.status === 'running' ? (
            <Button variant="secondary" size="sm" pending={stopping} onClick={onStop}>
              Stop
            </Button>
          ) : undefined
        }
      >
        <span className="seo-progress" aria-live="polite">
          {p.pages} pages · {p.urls} URLs found · {p.errors} errors · {p.warnings} warnings · {p.notices} notices. We
          will email you when the report is ready.
        </span>
      </Alert>
    );
  }
  if (audit.status === 'failed' || audit.status === 'stopped') {
    return (
      <Alert
        type={audit.status === 'failed' ? 'error' : 'warning'}
        title={audit.status === 'failed' ? 'The last audit did not finish' : 'The last audit was stopped'}
      >
        {audit.error?.message}
      </Alert>
    );
  }
  return null;
}
