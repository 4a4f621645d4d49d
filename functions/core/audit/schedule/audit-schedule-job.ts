import { z } from 'zod';
import { auditScheduleMessages } from '@shared/schemas/audit-schedule';
import { hasPaidPlan } from '../../billing/paid-plan';
import { DomainError } from '../../errors';
import { defineJobKind } from '../../jobs/job-kind';
import { defineGrants, TABLE_READ_WRITE } from '../../grants';
import { log } from '../../log';
import { addNotification } from '../../notifications/notification-store';
import { armAfter, AUDIT_SCHEDULE_JOB_KIND, getAuditScheduleItem, recordOutcome } from './audit-schedule';
import { companyWebsite } from '../company-website';
import { freeAuditsLeft, recentAudits, startAudit } from '../audit-store';

/**
 * A scheduled audit's run, due at `occurrence`: start the audit (once per due time), then arm
 * the next run. See runScheduledAudit.
 */
export const auditScheduleJob = defineJobKind({
  name: AUDIT_SCHEDULE_JOB_KIND,
  input: z.object({ occurrence: z.string() }),
  result: z.object({ outcome: z.string() }),
  // Starts the due audit's site-audit run and arms the next run.
  grants: defineGrants({ table: TABLE_READ_WRITE, schedules: true, workflows: ['site-audit'] }),
  run: async ({ occurrence }, job) => ({ outcome: await runScheduledAudit(job.companyId, occurrence) }),
});

/**
 * Starts the audit due at `occurrence` under the same rules as the Check Again button: the
 * free audits of the month, then a paid plan; one run at a time (the audit lock's 409). The
 * audit carries its due time, so a second firing of it (EventBridge delivers at least once; a
 * retried Task) finds it and starts nothing, whether the first is still running or done. The
 * next run is armed after the start: a crash before it leaves this run to be retried or re-armed,
 * never skipped, and the due-time check keeps a retry from starting it twice.
 */
async function runScheduledAudit(companyId: number, occurrence: string): Promise<string> {
  const item = await getAuditScheduleItem(companyId);
  // Switched to manual or moved since this run was armed: the chain is the new schedule's.
  if (!item?.nextRunAt || item.frequency === 'manually') return 'not-scheduled';
  if (item.nextRunAt !== occurrence && item.lastAt !== occurrence) return 'superseded';

  const outcome = await startOnce(companyId, item.userId, occurrence);
  await armAfter(item, occurrence);
  return outcome;
}

async function startOnce(companyId: number, userId: number, occurrence: string): Promise<string> {
  const recent = await recentAudits(companyId);
  if (recent.some((a) => a.scheduledFor === occurrence)) return 'started';
  let website: string;
  try {
    website = await companyWebsite(companyId);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await recordOutcome(companyId, occurrence, 'no-website');
    return 'no-website';
  }
  const free = freeAuditsLeft(recent) > 0;
  if (!free && !(await hasPaidPlan(companyId))) {
    // Told once per due time, in the top bar: nobody may open the report until the next one.
    if (await recordOutcome(companyId, occurrence, 'free-limit')) {
      await addNotification({
        companyId,
        kind: 'audit-skipped',
        title: 'Your scheduled audit did not run',
        message: auditScheduleMessages.freeLimit,
        postId: null,
        platform: null,
      });
    }
    return 'free-limit';
  }
  try {
    const audit = await startAudit({ companyId, userId, website, free, scheduledFor: occurrence });
    await recordOutcome(companyId, occurrence, 'started', { auditId: audit.id });
    return 'started';
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // Refused as Check Again would be (a site on the scan exclusion list): said on the card, and
    // the chain goes on rather than firing this run again at every read.
    if (error.kind !== 'conflict') {
      await recordOutcome(companyId, occurrence, 'refused', { message: error.message });
      return 'refused';
    }
    // The lock holder may be this very run, started by a twin firing a moment ago: then it is no skip.
    if ((await recentAudits(companyId, 5)).some((a) => a.scheduledFor === occurrence)) return 'started';
    log('info', 'a scheduled audit found one already running', { companyId, occurrence });
    await recordOutcome(companyId, occurrence, 'already-running');
    return 'already-running';
  }
}
