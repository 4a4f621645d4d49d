import { beforeAll, describe, expect, it } from 'vitest';
import { importMessages } from '@shared/schemas/post-import';
import { runImport } from '../../functions/core/imports/import-job';
import { listImports, prepareImport } from '../../functions/core/imports/import-store';
import { JobUserError } from '../../functions/core/jobs/job-kind';
import { signedInUser } from '../support/api-client';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';
import { COPY } from './calendar-support';

/**
 * A long import is a job whose progress is on the import: an attempt that dies half way (its
 * Task timed out, the worker crashed) is retried and finishes what it started, with no post
 * written twice and none left out.
 */
const ZONE = 'Europe/Lisbon';
const ROWS = 12;

beforeAll(() => useSuiteRuntimeEnv());

const csv = [
  'platforms,copy,title,media_urls,date,time',
  ...Array.from(
    { length: ROWS },
    (_, i) => `facebook;threads,"${COPY} Row ${i + 1}.",,,2031-05-${String(i + 1).padStart(2, '0')},10:00`,
  ),
].join('\n');

describe('CSV import: a crash half way', () => {
  it('the retried attempt carries on from the recorded progress: every row once, nothing doubled', async () => {
    const owner = await signedInUser('import-crash');
    const body = { csv, zone: ZONE, action: 'save' as const };
    const { importId } = await prepareImport(owner.companyId, owner.profile.id as number, body);

    // The first attempt dies while writing row 5: its Task ran out of time.
    let writing = 0;
    const dying = {
      uuid: 'job-crash-1',
      companyId: owner.companyId,
      step: async (name: string) => {
        if (name.startsWith('Writing') && ++writing === 5) throw new Error('Task timed out');
      },
    };
    await expect(runImport(importId, dying)).rejects.toThrow('Task timed out');
    const [half] = await listImports(owner.companyId);
    expect(half).toMatchObject({ status: 'importing', posts: 8 });
    expect(((await owner.client.get('/api/calendar/list')).body as unknown[]).length).toBe(8);

    // Sending the same file again resumes that import instead of starting another.
    expect(await prepareImport(owner.companyId, owner.profile.id as number, body)).toEqual({ importId });

    const retried = await runImport(importId, { ...dying, step: async () => {} });
    expect(retried.posts).toBe(ROWS * 2);
    const posts = (await owner.client.get('/api/calendar/list')).body as { id: number; content: string }[];
    expect(posts).toHaveLength(ROWS * 2);
    expect(new Set(posts.map((p) => p.id)).size).toBe(ROWS * 2);
    expect(posts.map((p) => p.id).sort((a, b) => a - b)).toEqual([...retried.postIds].sort((a, b) => a - b));
    for (let row = 1; row <= ROWS; row++)
      expect(posts.filter((p) => p.content.endsWith(` Row ${row}.`))).toHaveLength(2);
    const [done] = await listImports(owner.companyId);
    expect(done).toMatchObject({ status: 'imported', posts: ROWS * 2 });
  });

  it('a second job cannot work on an import another attempt holds', async () => {
    const owner = await signedInUser('import-lease');
    const body = { csv: csv.replace(/Row/g, 'Line'), zone: ZONE, action: 'save' as const };
    const { importId } = await prepareImport(owner.companyId, owner.profile.id as number, body);
    let second: Promise<unknown> | undefined;
    await runImport(importId, {
      uuid: 'job-lease-1',
      companyId: owner.companyId,
      step: async () => {
        second ??= runImport(importId, { uuid: 'job-lease-2', companyId: owner.companyId, step: async () => {} });
        await second.catch(() => undefined);
      },
    });
    await expect(second).rejects.toThrow(JobUserError);
    await expect(second).rejects.toThrow(importMessages.running);
    expect(((await owner.client.get('/api/calendar/list')).body as unknown[]).length).toBe(ROWS * 2);
  });
});
