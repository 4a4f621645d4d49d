import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { audits } from '../../functions/core/audit/audit-entity';
import { startAudit } from '../../functions/core/audit/audit-store';
import { keys } from '../../functions/core/table/keys';
import { BAKERY_HOME, serveSite, type LoopbackSite } from '../support/loopback-site';
import { jobs } from '../../functions/core/jobs/job-entity';
import { JOB_WATCH_MS } from '../../functions/core/jobs/job-store';
import { ttlIn } from '../../functions/core/table/client';
import { signedInUser } from '../support/api-client';
import { makePaid } from '../support/billing';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';
import { eventually } from '../support/test-site-runtime';

/**
 * The work sweeper on the suite's runtime (functions/core/jobs/watch.ts): a running job stamped
 * by a boot that is gone is taken back at the next sweep, however far its watch time, and ends
 * failed with the spec's sentence (its kind cannot start again); a job no boot stamped is left
 * to its watch time; Stop ends an audit run nothing runs, and frees the company's lock.
 */
let site: LoopbackSite;
beforeAll(async () => {
  useSuiteRuntimeEnv();
  site = await serveSite((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(BAKERY_HOME));
});
afterAll(() => site.close());

async function runningJob(companyId: number, userId: number, boot?: string) {
  const uuid = crypto.randomUUID();
  const createdAt = new Date().toISOString();
  const watchUntil = new Date(Date.now() + JOB_WATCH_MS).toISOString();
  await jobs.put({
    uuid,
    kind: 'marketing-plan',
    companyId,
    userId,
    createdAt,
    state: { status: 'running' },
    ttl: ttlIn(3600),
    input: {},
    watchUntil,
    ...(boot ? { boot } : {}),
  });
  return uuid;
}

describe('the work sweeper', () => {
  it('ends a job of a boot that is gone with the spec’s sentence; leaves one no boot stamped to its watch', async () => {
    const owner = await signedInUser('work-sweeper');
    const userId = owner.profile.id as number;
    const dead = await runningJob(owner.companyId, userId, 'a-boot-that-is-gone');
    const unstamped = await runningJob(owner.companyId, userId);
    const ended = await eventually(
      () => owner.client.get(`/api/lrp/${dead}`),
      (res) => res.status !== 202,
      'the dead boot’s job ended',
      30_000,
    );
    expect(ended.status).toBe(500);
    expect(ended.body.message).toBe(messages.jobFailed);
    expect((await owner.client.get(`/api/lrp/${unstamped}`)).status).toBe(202);
  });

  it('Stop ends an audit run nothing runs (its start died before the crawl), and the lock is free again', async () => {
    const owner = await signedInUser('work-sweeper-stop');
    await makePaid(owner.client);
    expect((await owner.client.patch('/api/company/company', { website: `${site.origin}/` })).status).toBe(200);
    // Started here, where no workflow engine runs: the lock and the audit are written, the crawl never starts.
    const started = startAudit({
      companyId: owner.companyId,
      userId: owner.profile.id as number,
      website: `${site.origin}/`,
      free: true,
    });
    await expect(started).rejects.toThrow('engine is not running');
    const [audit] = await audits.queryPartition(`COMPANY#${owner.companyId}`, 'AUDIT#');
    // What a start on a boot that is gone leaves.
    await audits.change(keys.audit(owner.companyId, audit!.id), { set: { boot: 'a-boot-that-is-gone' } });
    const stop = await owner.client.post('/api/seo/audit/stop');
    expect([200, 409]).toContain(stop.status);
    await eventually(
      async () => (await owner.client.get('/api/seo/report')).body.audit?.status as string,
      (status) => status !== 'running' && status !== 'stopping',
      'the dead run ended',
      30_000,
    );
    expect((await owner.client.post('/api/seo/report/recheck')).status).toBe(202);
  });
});
