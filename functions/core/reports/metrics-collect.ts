import { z } from 'zod';
import { addDays } from '@shared/report-periods';
import { REPORT_PLATFORMS, type ReportPlatform, type ReportRow } from '@shared/schemas/reports';
import { getConnection, socialSecretsSchema, withConnection } from '../integrations/connection-store';
import { PlatformError } from '../integrations/platform-error';
import { platformClient } from '../integrations/platforms';
import { defineJobKind } from '../jobs/job-kind';
import { defineGrants, TABLE_READ_WRITE } from '../grants';
import { clock } from '../clock';
import { log } from '../log';
import { dailyRows } from './metric-rows';
import { metricDaysBetween, saveMetricDays, toReportRow } from './metric-store';
import { armMetrics, METRICS_JOB_KIND, nextDailyRun } from './metrics-schedule';
import { hasCollectedConnection } from './metrics-sweeper';
import { collectPostFigures } from './post-figures-collect';
import { metricsRunDone, unwatchMetrics } from './metrics-watch';

/** How far back the first collection reaches: Instagram's daily follower figures go back 30 days. */
const BACKFILL_DAYS = 30;
/** Each run collects the last days again: platforms settle a day's figures late. */
export const RECOLLECT_DAYS = 3;

const COLLECT_OUTCOMES = ['collected', 'not-connected', 'reconnect', 'no-profile', 'failed'] as const;
export type CollectOutcome = (typeof COLLECT_OUTCOMES)[number];

/**
 * Collects one platform's figures for the days up to `to` (yesterday, UTC): from 30 days back
 * on the first run, else from a few days before the last stored day. Each day's row is written
 * whole, so a day collected again replaces its row. A dead token marks the connection for
 * reconnecting (withConnection), as the publish path does.
 */
async function collectPlatform(
  companyId: number,
  platform: ReportPlatform,
  to: string,
): Promise<{ outcome: CollectOutcome; days: number }> {
  const connection = await getConnection(companyId, platform);
  if (!connection) return { outcome: 'not-connected', days: 0 };
  if (connection.status === 'reconnect') return { outcome: 'reconnect', days: 0 };
  const targetId = connection.profile?.id;
  if (!targetId) return { outcome: 'no-profile', days: 0 };

  const earliest = addDays(to, -(BACKFILL_DAYS - 1));
  const known = await metricDaysBetween(companyId, platform, addDays(earliest, -1), to);
  const last = known.at(-1)?.date;
  const since = last && last >= earliest ? addDays(last, -(RECOLLECT_DAYS - 1)) : earliest;
  const from = since > to ? to : since < earliest ? earliest : since;
  const stored = new Map<string, ReportRow>(known.map((m) => [m.date, toReportRow(m)]));

  const insights = await withConnection(companyId, platform, socialSecretsSchema, (_connection, secrets) =>
    platformClient(platform).insights({ tokens: secrets.user, targetToken: secrets.target, targetId, from, to }),
  );
  const rows = dailyRows({ from, to, insights, stored, before: stored.get(addDays(from, -1)) });
  const collectedAt = new Date().toISOString();
  await saveMetricDays(rows.map((row) => ({ ...row, companyId, platform, collectedAt })));
  return { outcome: 'collected', days: rows.length };
}

/**
 * One company's collection, every report platform in turn: one that fails (an outage, a rate
 * limit, a dead token, a missing permission) is logged and the others are still collected;
 * the next day's run collects its missed days again.
 */
export async function collectMetrics(
  companyId: number,
  now = new Date(),
): Promise<Record<ReportPlatform, CollectOutcome>> {
  const to = addDays(now.toISOString().slice(0, 10), -1);
  const outcomes = {} as Record<ReportPlatform, CollectOutcome>;
  for (const platform of REPORT_PLATFORMS) {
    try {
      outcomes[platform] = (await collectPlatform(companyId, platform, to)).outcome;
    } catch (error) {
      const expired = error instanceof PlatformError && error.failure === 'expired';
      log('warn', 'report figures not collected', {
        companyId,
        platform,
        error: (error as Error).message,
        ...(error instanceof PlatformError ? { detail: error.detail } : {}),
      });
      outcomes[platform] = expired ? 'reconnect' : 'failed';
    }
  }
  return outcomes;
}

/**
 * The daily collection, run by the run-job workflow from the company's schedule. It arms the
 * next day's run first, so a run that dies half-way still has a successor, and the watch names
 * it until it is done, so a run that dies half-way is also taken back the same day (a restart's
 * first sweep, or its grace passed: metrics-sweeper.ts) rather than waiting for tomorrow's. Its
 * collection may run twice, or beside another: every write is of whole days or merged
 * (post-figures-collect.ts).
 */
export const metricsCollectJob = defineJobKind({
  name: METRICS_JOB_KIND,
  input: z.object({}),
  result: z.record(z.string(), z.enum(COLLECT_OUTCOMES)),
  // The sealed tokens opened (Google's app credentials beside them), the rows batch-written; it arms tomorrow's run.
  grants: defineGrants({
    table: TABLE_READ_WRITE,
    secrets: ['oauth-clients'],
    tokenKey: ['decrypt'],
    sealed: ['platform-tokens'],
    schedules: true,
  }),
  run: async (_input, ctx) => {
    const next = nextDailyRun(ctx.companyId);
    const chained = await hasCollectedConnection(ctx.companyId);
    if (chained) await armMetrics(ctx.companyId, next, ctx.uuid);
    else await unwatchMetrics(ctx.companyId);
    const outcomes = await collectMetrics(ctx.companyId);
    // Each published post's own figures, under the same chain and watch (post-figures-collect.ts).
    const posts = await collectPostFigures(ctx.companyId, clock.now());
    if (chained) await metricsRunDone(ctx.companyId, next, ctx.uuid);
    log('info', 'report figures collected', { companyId: ctx.companyId, outcomes, posts });
    return outcomes;
  },
});
