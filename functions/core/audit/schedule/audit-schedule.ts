import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  AUDIT_FREQUENCIES,
  type AuditSchedule,
  type AuditScheduleInput,
  type AuditScheduleOutcome,
} from '@shared/schemas/audit-schedule';
import { clock } from '../../clock';
import type { RunJobInput } from '../../jobs/job-store';
import { companyScheduleName, scheduler } from '../../scheduler/scheduler-port';
import { defineEntity } from '../../table/entity';
import { keys } from '../../table/keys';
import { nextAuditRun } from './audit-schedule-time';

export const AUDIT_SCHEDULE_JOB_KIND = 'audit-schedule';

/** A due run not started this long after its time lost its firing (a power cut): the next read re-arms it. */
const AUDIT_SCHEDULE_GRACE_MS = 15 * 60_000;

/** COMPANY#<id> / AUDITSCHEDULE: when the company's audits run by themselves, and what the last due run did. */
const auditSchedules = defineEntity({
  type: 'audit-schedule',
  schema: z.object({
    companyId: z.number(),
    /** Who set it: the scheduled audits are theirs, and so is the mail when one is ready. */
    userId: z.number(),
    frequency: z.enum(AUDIT_FREQUENCIES),
    weekday: z.number(),
    monthDay: z.number(),
    time: z.string(),
    timeZone: z.string(),
    /** The armed run's time; absent when the company audits manually. */
    nextRunAt: z.string().optional(),
    lastAt: z.string().optional(),
    lastOutcome: z.enum(['started', 'already-running', 'free-limit', 'no-website', 'refused']).optional(),
    lastAuditId: z.string().optional(),
    lastMessage: z.string().optional(),
  }),
  key: (s) => keys.auditSchedule(s.companyId),
});
type AuditScheduleItem = z.infer<typeof auditSchedules.schema>;

/** One schedule per company, under its prefix so the company cascade finds it. */
const auditScheduleName = (companyId: number) => companyScheduleName(companyId, 'audit');

export const getAuditScheduleItem = (companyId: number) =>
  auditSchedules.get(keys.auditSchedule(companyId), { consistent: true });

const DEFAULT: AuditScheduleInput = { frequency: 'manually', weekday: 1, monthDay: 1, time: '09:00', timeZone: 'UTC' };

function auditScheduleOf(item: AuditScheduleItem | undefined): AuditSchedule {
  if (!item) return DEFAULT;
  const { frequency, weekday, monthDay, time, timeZone, nextRunAt, lastAt, lastOutcome, lastAuditId, lastMessage } =
    item;
  const last: AuditScheduleOutcome | undefined =
    lastAt && lastOutcome
      ? {
          at: lastAt,
          outcome: lastOutcome,
          ...(lastAuditId ? { auditId: lastAuditId } : {}),
          ...(lastMessage ? { message: lastMessage } : {}),
        }
      : undefined;
  return {
    frequency,
    weekday,
    monthDay,
    time,
    timeZone,
    ...(nextRunAt ? { nextRunAt } : {}),
    ...(last ? { last } : {}),
  };
}

/** The one-time schedule of the run due at `at`: it starts run-job with the audit-schedule job. */
async function armRun(companyId: number, userId: number, at: Date): Promise<void> {
  // run-job carries the run; its job id names no job item, so nothing is polled or recorded.
  const input: RunJobInput = {
    uuid: `audit-schedule-${randomUUID()}`,
    kind: AUDIT_SCHEDULE_JOB_KIND,
    companyId,
    userId,
    input: { occurrence: at.toISOString() },
  };
  await scheduler().upsert({ name: auditScheduleName(companyId), at, workflow: 'run-job', input });
}

/**
 * Saves when the company's audits run and arms the next run (or removes the armed one for
 * manual audits). The item is written first, naming the run it arms: a crash between the two
 * leaves a due time without a schedule, which the next read of the schedule re-arms.
 */
export async function saveAuditSchedule(
  companyId: number,
  userId: number,
  input: AuditScheduleInput,
  now = clock.now(),
): Promise<AuditSchedule> {
  const before = await getAuditScheduleItem(companyId);
  const next = nextAuditRun(input, now);
  const item: AuditScheduleItem = {
    companyId,
    userId,
    ...input,
    ...(next ? { nextRunAt: next.toISOString() } : {}),
    // What the last due run did stays until the next one.
    ...(before?.lastAt
      ? {
          lastAt: before.lastAt,
          lastOutcome: before.lastOutcome,
          lastAuditId: before.lastAuditId,
          lastMessage: before.lastMessage,
        }
      : {}),
  };
  await auditSchedules.put(item);
  if (next) await armRun(companyId, userId, next);
  else await scheduler().remove(auditScheduleName(companyId));
  return auditScheduleOf(item);
}

/**
 * The company's schedule as the launch dialog shows it. A due time long past means its firing
 * was lost (a power cut between the scheduler's claim and the run's start): it is re-armed a
 * moment from now, so a missed audit still runs and the chain goes on.
 */
export async function readAuditSchedule(companyId: number, now = clock.now()): Promise<AuditSchedule> {
  const item = await getAuditScheduleItem(companyId);
  if (item?.nextRunAt && Date.parse(item.nextRunAt) + AUDIT_SCHEDULE_GRACE_MS < now.getTime()) {
    await armRun(companyId, item.userId, new Date(item.nextRunAt));
  }
  return auditScheduleOf(item);
}

/**
 * Moves the schedule on from the run due at `occurrence` to the one after it, and arms that one;
 * only while the item still names that run (a schedule the user changed meanwhile stays theirs,
 * and a second firing of the same run moves nothing).
 */
export async function armAfter(item: AuditScheduleItem, occurrence: string, now = clock.now()): Promise<void> {
  const after = new Date(Math.max(Date.parse(occurrence), now.getTime()));
  const next = nextAuditRun(item, after);
  if (!next) return;
  const moved = await auditSchedules.change(keys.auditSchedule(item.companyId), {
    set: { nextRunAt: next.toISOString() },
    when: { expression: 'nextRunAt = :occurrence', values: { ':occurrence': occurrence } },
  });
  if (moved) await armRun(item.companyId, item.userId, next);
}

/**
 * Records what the run due at `occurrence` did, answering whether this call recorded it: a start
 * already recorded for it is never overwritten, and a twin firing's same outcome is no news.
 */
export async function recordOutcome(
  companyId: number,
  occurrence: string,
  outcome: AuditScheduleOutcome['outcome'],
  details: { auditId?: string; message?: string } = {},
): Promise<boolean> {
  const { auditId, message } = details;
  return auditSchedules.change(keys.auditSchedule(companyId), {
    set: {
      lastAt: occurrence,
      lastOutcome: outcome,
      ...(auditId ? { lastAuditId: auditId } : {}),
      ...(message ? { lastMessage: message } : {}),
    },
    remove: [...(auditId ? [] : ['lastAuditId' as const]), ...(message ? [] : ['lastMessage' as const])],
    ifExists: true,
    when: {
      expression:
        'attribute_not_exists(lastAt) OR lastAt <> :occurrence OR (lastOutcome <> :started AND lastOutcome <> :outcome)',
      values: { ':occurrence': occurrence, ':started': 'started', ':outcome': outcome },
    },
  });
}
