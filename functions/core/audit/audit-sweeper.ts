import { dueWork } from '../jobs/watch';
import { log } from '../log';
import { audits } from './audit-entity';
import { recoverRun } from './audit-store';

/**
 * Audit runs nothing runs any more (jobs/watch.ts: a watch past its time, or a run of an
 * earlier boot of the embedded runtime): each is resumed from its saved cursor, a stopping one
 * finishes as stopped, and one that died too often ends failed. Either way the company's lock
 * is freed once the run ends, so no lock waits for a process that is gone.
 */
export async function sweepAudits(now = Date.now()) {
  let resumed = 0;
  let failed = 0;
  for (const audit of await dueWork('audit', (q) => audits.query(q), now)) {
    try {
      const outcome = await recoverRun(audit);
      if (outcome === 'resumed') resumed++;
      if (outcome === 'failed') failed++;
    } catch (error) {
      log('error', 'the work sweeper could not take back an audit', {
        auditId: audit.id,
        error: (error as Error).message,
      });
    }
  }
  if (resumed || failed) log('warn', 'the work sweeper took back audit runs nothing ran', { resumed, failed });
  return { resumed, failed };
}
