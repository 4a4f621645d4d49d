import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditScheduleMessages, type AuditSchedule } from '@shared/schemas/audit-schedule';
import type { SeoReport } from '@shared/schemas/seo';
import { auditSettingsMessages } from '@shared/schemas/audit-settings';
import { waitForMail, type TestClient } from '../support/api-client';
import type { RuntimeProcess } from '../support/runtime';
import type { TestSite } from '../support/test-site';
import { eventually, signedInUserAt, startAuditRuntime } from '../support/test-site-runtime';
import { makePaid } from '../support/billing';

/**
 * The website audit's schedule on an embedded runtime of its own (its clock moves, which would
 * bring every other file's schedules due): a weekly schedule comes due, its audit runs once even
 * when it fires twice, the month's free audit holds for scheduled runs, a firing lost to a power
 * cut runs once when the schedule is next read, and the mail names the Health Score change.
 */
let runtime: RuntimeProcess;
let site: TestSite;
type ScheduleTable = typeof import('../../functions/core/scheduler/schedule-entity');
let scheduleTable: ScheduleTable;

const DAY = 86_400_000;

beforeAll(async () => {
  ({ runtime, site } = await startAuditRuntime(1000));
  // In-process reads and writes of this runtime's table: a twin firing, and a firing lost.
  Object.assign(process.env, {
    RUNTIME: 'local',
    TABLE_NAME: runtime.tableName,
    DYNAMODB_ENDPOINT: runtime.dynamoEndpoint,
    LOG_LEVEL: 'silent',
  });
  scheduleTable = await import('../../functions/core/scheduler/schedule-entity');
}, 120_000);
afterAll(async () => {
  await site.close();
  await runtime.stop();
});

const moveClock = async (ms: number): Promise<number> => {
  const res = await fetch(`${runtime.url}/api/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: runtime.url },
    body: JSON.stringify({ advanceSeconds: Math.ceil(ms / 1000) }),
  });
  expect(res.status).toBe(200);
  return Date.parse(((await res.json()) as { now: string }).now);
};
const clockNow = () => moveClock(1000);

const schedule = async (client: TestClient): Promise<AuditSchedule> =>
  (await client.get('/api/seo/audit/schedule')).body;
const audits = async (client: TestClient) =>
  (await client.get('/api/seo/audits')).body as { id: string; status: string; score: number | null }[];
const scheduleItem = (companyId: number, name = 'audit') =>
  scheduleTable.schedules.get({ pk: `SCHEDULE#c${companyId}-${name}`, sk: 'SCHEDULE' }, { consistent: true });

describe('the audit schedule', () => {
  let client: TestClient;
  let email: string;
  let companyId: number;
  let firstDue: number;
  let firstFiring: Awaited<ReturnType<typeof scheduleItem>> & object;

  beforeAll(async () => {
    site.setVersion(1);
    ({ client, email, companyId } = await signedInUserAt(runtime.url, 'sched'));
    expect((await client.patch('/api/company/company', { website: site.origin })).status).toBe(200);
    // A few pages are enough to tell a run happened, and keep each audit short.
    expect((await client.put('/api/seo/audit/settings', { maxPages: 12 })).status).toBe(200);
  }, 60_000);

  it('starts as manual, and refuses a day, time or zone that does not exist, naming the field', async () => {
    expect(await schedule(client)).toMatchObject({ frequency: 'manually' });
    for (const [body, field] of [
      [{ frequency: 'weekly', time: '25:00' }, 'time'],
      [{ frequency: 'weekly', timeZone: 'Nowhere/City' }, 'timeZone'],
      [{ frequency: 'monthly', monthDay: 32 }, 'monthDay'],
      [{ frequency: 'yearly' }, 'frequency'],
    ] as const) {
      const res = await client.put('/api/seo/audit/schedule', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.body.errors), JSON.stringify(body)).toContain(field);
    }
  });

  it('a member of another company can neither read nor change this schedule', async () => {
    const intruder = await signedInUserAt(runtime.url, 'sched-intruder');
    intruder.client.cookies.set('COMPANY_ID', String(companyId));
    expect((await intruder.client.get('/api/seo/audit/schedule')).status).toBe(403);
    expect((await intruder.client.put('/api/seo/audit/schedule', { frequency: 'weekly' })).status).toBe(403);
    expect(await schedule(client)).toMatchObject({ frequency: 'manually' });
  });

  it('a weekly schedule comes due on its day and time and starts one audit, though it fires twice; the mail says first audit', async () => {
    const now = await clockNow();
    const due = new Date(now + 2 * DAY + 120_000);
    const saved = await client.put('/api/seo/audit/schedule', {
      frequency: 'weekly',
      weekday: due.getUTCDay(),
      time: due.toISOString().slice(11, 16),
      timeZone: 'UTC',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    firstDue = Date.parse(saved.body.nextRunAt);
    expect(firstDue).toBe(Date.parse(due.toISOString().slice(0, 16) + ':00Z'));

    // A twin of the armed firing (EventBridge delivers at least once): same run, same time.
    const armed = await scheduleItem(companyId);
    expect(armed?.at).toBe(new Date(firstDue).toISOString());
    await scheduleTable.schedules.put({ ...armed!, name: `c${companyId}-audit-twin` });
    firstFiring = armed!;
    expect(await audits(client)).toEqual([]);

    await moveClock(firstDue - now + 1000);
    const done = await eventually(
      () => audits(client),
      (list) => list.length > 0 && list[0]!.status === 'finished',
      'the scheduled audit',
    );
    // Both firings were claimed; one audit ran.
    await eventually(
      async () => [await scheduleItem(companyId, 'audit-twin')],
      ([twin]) => !twin,
      'the twin firing',
    );
    expect(done).toHaveLength(1);
    const after = await eventually(
      () => schedule(client),
      // The outcome is recorded first and the next run armed after it: both written.
      (s) => s.last?.outcome === 'started' && s.nextRunAt !== new Date(firstDue).toISOString(),
      'the recorded start',
    );
    expect(after.last).toMatchObject({ at: new Date(firstDue).toISOString(), auditId: done[0]!.id });
    expect(after.nextRunAt).toBe(new Date(firstDue + 7 * DAY).toISOString());
    expect((await waitForMail(email, /Your SEO report is ready/, runtime.url)).text).toContain(
      'This is the first audit',
    );
    expect(await audits(client)).toHaveLength(1);
  });

  it("a week later the month's free audit is used: the run does not start, says why, and the next is armed", async () => {
    await moveClock(firstDue + 7 * DAY - (await clockNow()) + 1000);
    const after = await eventually(
      () => schedule(client),
      (s) => s.last?.outcome === 'free-limit' && s.nextRunAt !== new Date(firstDue + 7 * DAY).toISOString(),
      'the refused run',
    );
    expect(after.nextRunAt).toBe(new Date(firstDue + 14 * DAY).toISOString());
    expect(await audits(client)).toHaveLength(1);
    // The top bar says so too, once.
    const notices = (await client.get('/api/notifications')).body as {
      notifications: { kind: string; message: string }[];
    };
    expect(notices.notifications.filter((n) => n.kind === 'audit-skipped').map((n) => n.message)).toEqual([
      auditScheduleMessages.freeLimit,
    ]);
  });

  it('a firing lost to a power cut runs once when the schedule is next read; the mail names the Health Score change', async () => {
    await makePaid(client);
    site.setVersion(2);
    // The scheduler claimed the firing and the power went before its run started: nothing is armed.
    await scheduleTable.schedules.delete({ pk: `SCHEDULE#c${companyId}-audit`, sk: 'SCHEDULE' });
    await moveClock(firstDue + 14 * DAY - (await clockNow()) + 20 * 60_000);
    expect((await schedule(client)).last?.outcome).toBe('free-limit');
    const list = await eventually(
      () => audits(client),
      (l) => l.length === 2 && l[0]!.status === 'finished',
      'the re-armed audit',
    );
    const [second, first] = list;
    const after = await schedule(client);
    expect(after.last).toMatchObject({ outcome: 'started', auditId: second!.id });
    expect(after.nextRunAt).toBe(new Date(firstDue + 21 * DAY).toISOString());
    const mail = await eventually(
      () => waitForMail(email, /Your SEO report is ready/, runtime.url),
      (m) => !m.text.includes('first audit'),
      'the second mail',
    );
    const change =
      second!.score === first!.score
        ? `is unchanged at ${second!.score} out of 100`
        : second!.score! > first!.score!
          ? `rose from ${first!.score} to ${second!.score} out of 100`
          : `dropped from ${first!.score} to ${second!.score} out of 100`;
    expect(mail.text).toContain(change);

    // A late retry of the run that just started an audit (EventBridge delivers at least once): the
    // company pays, so only the run's own audit stops a second one. Nothing may start; a wrong start
    // would show within seconds, as the one before did.
    const occurrence = after.last!.at;
    const late = { ...(firstFiring.input as object), input: { occurrence } };
    await scheduleTable.schedules.put({
      ...firstFiring,
      name: `c${companyId}-audit-late`,
      at: occurrence,
      input: late,
    });
    await eventually(
      async () => [await scheduleItem(companyId, 'audit-late')],
      ([item]) => !item,
      'the late firing',
    );
    const settleUntil = Date.now() + 3000;
    while (Date.now() < settleUntil) {
      expect(await audits(client)).toHaveLength(2);
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  it('back to manual: nothing stays armed', async () => {
    const saved = await client.put('/api/seo/audit/schedule', { frequency: 'manually' });
    expect(saved.status).toBe(200);
    expect(saved.body.nextRunAt).toBeUndefined();
    expect(await scheduleItem(companyId)).toBeUndefined();
  });
});

describe('a scheduled audit Check Again would refuse', () => {
  it('records why on the schedule and moves on to the next run', async () => {
    const { client } = await signedInUserAt(runtime.url, 'sched-excluded');
    expect((await client.patch('/api/company/company', { website: 'https://www.google.com' })).status).toBe(200);
    const now = await clockNow();
    const due = new Date(now + DAY);
    const saved = await client.put('/api/seo/audit/schedule', {
      frequency: 'monthly',
      monthDay: due.getUTCDate(),
      time: due.toISOString().slice(11, 16),
      timeZone: 'UTC',
    });
    expect(saved.status).toBe(200);
    const firstRun = saved.body.nextRunAt as string;
    await moveClock(Date.parse(firstRun) - now + 1000);
    // The outcome is recorded, then the next run armed: two writes, so wait for both.
    const after = await eventually(
      () => schedule(client),
      (s) => s.last?.outcome === 'refused' && s.nextRunAt !== firstRun,
      'the refused run and the next one armed',
    );
    expect(after.last).toMatchObject({ at: firstRun, message: auditSettingsMessages.scanExcluded });
    expect(Date.parse(after.nextRunAt!)).toBeGreaterThan(Date.parse(firstRun) + 27 * DAY);
    expect(await audits(client)).toEqual([]);
  });
});

describe('the audit queue', () => {
  it('an audit of a website another company is auditing waits in line with its place, then runs', async () => {
    const companies = await Promise.all(
      ['queue-a', 'queue-b'].map(async (label) => {
        const user = await signedInUserAt(runtime.url, label);
        expect((await user.client.patch('/api/company/company', { website: site.origin })).status).toBe(200);
        expect((await user.client.put('/api/seo/audit/settings', { maxPages: 12 })).status).toBe(200);
        return user.client;
      }),
    );
    const [first, second] = companies as [TestClient, TestClient];
    expect((await first.post('/api/seo/report/recheck')).status).toBe(202);
    await eventually(
      async () => (await first.get('/api/seo/report')).body as SeoReport,
      (r) => (r.audit?.progress.pages ?? 0) > 0,
      'the first audit crawling',
    );
    expect((await second.post('/api/seo/report/recheck')).status).toBe(202);
    const queued = await eventually(
      async () => (await second.get('/api/seo/report')).body as SeoReport,
      (r) => r.audit?.queuePlace === 1 || r.audit?.status !== 'running',
      'the second audit in line',
    );
    expect(queued.audit).toMatchObject({ status: 'running', queuePlace: 1 });
    const ended = await eventually(
      async () => (await second.get('/api/seo/report')).body as SeoReport,
      (r) => r.audit?.status === 'finished',
      'the second audit',
    );
    expect(ended.audit?.queuePlace).toBeUndefined();
    expect(ended.audit?.progress.pages).toBeGreaterThan(0);
  });
});
