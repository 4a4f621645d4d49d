import { z } from 'zod';
import { getCompany, updateCompanyInfo } from '../companies/company-store';
import { changeIcp, listIcps, replaceUndecidedIcps } from '../companies/icp-store';
import { companyWebsite } from '../audit/company-website';
import { config } from '../config';
import { removePosts, writeSampleGroup } from '../posts/post-store';
import { reservePostIds } from '../posts/post-ids';
import { defineJobKind, type JobContext } from '../jobs/job-kind';
import { defineGrants, TABLE_READ_WRITE } from '../grants';
import { startJob } from '../jobs/job-store';
import { getKeywords, saveSelection, saveSuggestions } from '../keywords/keyword-store';
import { addMediaFromBytes, listMedia } from '../media/media-store';
import { getPlan, savePlan } from '../onboarding/plan-store';
import { keys } from '../table/keys';
import {
  DEMO_ICPS,
  DEMO_KEYWORDS,
  DEMO_PLAN,
  DEMO_SAVED_KEYWORDS,
  DEMO_WEBSITE_FALLBACK,
  demoCompanyInfo,
} from './demo-business';
import { writeDemoAudits } from './demo-audits';
import { connectDemoApps } from './demo-connections';
import { demoHistories } from './demo-history-entity';
import { DEMO_PHOTOS, renderDemoPhoto } from './demo-photos';
import { demoPostPlan } from './demo-posts';
import { writeDemoQueue } from './demo-queue';

/**
 * A demo company's sample history (the report's figures are drawn on read, reports/demo-metrics):
 * the business as onboarding would have left it, its two customer profiles and plan, its apps
 * connected to the embedded runtime's stand-ins (demo-connections.ts), a media
 * library, eight weeks of published posts and three scheduled (waiting in its queue's slots),
 * researched keywords, and two audits of the sample website a week apart (demo-audits.ts). Run as
 * a job when a demo is made and on 'Refresh report', so the demo is alive within seconds and
 * stays alive as the weeks pass.
 *
 * Every step can run again after a crash without doubling anything: what is already there is
 * kept (the business, profiles, photos, keywords), and the posts are replaced through the ids
 * recorded before they are written. Posts the visitor wrote themselves are never touched.
 */
export const DEMO_HISTORY_JOB_KIND = 'demo-history';

export const demoHistoryJob = defineJobKind({
  name: DEMO_HISTORY_JOB_KIND,
  /** When the history was asked for: a demo reset after it stops the job writing. */
  input: z.object({ requestedAt: z.string() }),
  result: z.object({ posts: z.number(), photos: z.number(), audits: z.number() }),
  // Draws its photos into the library and keeps its sample audits' crawl data under companies/.
  grants: defineGrants({ table: TABLE_READ_WRITE, media: { read: true, write: true, prefix: 'companies/' } }),
  run: async (input, job) => writeDemoHistory(job, input.requestedAt),
});

export const startDemoHistory = (owner: { companyId: number; userId: number }) =>
  startJob(demoHistoryJob, { requestedAt: new Date().toISOString() }, owner);

const NOTHING = { posts: 0, photos: 0, audits: 0 };

export async function writeDemoHistory(
  job: Pick<JobContext, 'companyId' | 'userId' | 'step'>,
  requestedAt: string,
  now = new Date(),
) {
  const { companyId } = job;
  /**
   * Only ever a demo (a real company's data is never written by sample code), and only one not
   * reset since the history was asked for: a reset means "from scratch". Asked before each step,
   * so a reset while the job runs stops it at the next one (a step already writing finishes).
   */
  const stillWanted = async () => {
    const company = await getCompany(companyId);
    return !!company?.demo && !(company.demoResetAt && company.demoResetAt >= requestedAt);
  };
  /** Each step is named first, then the demo asked again, just before the step writes. */
  const next = async (step: string) => {
    await job.step(step);
    return stillWanted();
  };
  if (!(await next('Writing the business overview'))) return NOTHING;
  await writeBusiness(companyId);

  if (!(await next('Connecting the sample apps'))) return NOTHING;
  await connectDemoApps(companyId, job.userId);

  if (!(await next('Drawing the media library'))) return NOTHING;
  const photoIds = await writePhotos(companyId);

  if (!(await next('Placing posts on the calendar'))) return NOTHING;
  const posts = await replacePosts(companyId, photoIds, now);
  await writeDemoQueue(companyId, now);

  if (!(await next('Researching keywords'))) return NOTHING;
  if (!(await getKeywords(companyId))?.suggestions.length) {
    await saveSuggestions(companyId, DEMO_KEYWORDS);
    await saveSelection(companyId, DEMO_SAVED_KEYWORDS);
  }

  if (!(await next('Auditing the sample website'))) return NOTHING;
  const audits = await writeSampleAudits(job);
  return { posts, photos: photoIds.length, audits };
}

const demoWebsite = () => config.sampleWebsite ?? DEMO_WEBSITE_FALLBACK;

/** Only a demo whose website is the sample site: audits of the visitor's own address would be of another site. */
async function writeSampleAudits(job: Pick<JobContext, 'companyId' | 'userId'>): Promise<number> {
  const company = await getCompany(job.companyId);
  if (company?.website !== demoWebsite()) return 0;
  // Stored as every audit stores its site, the address the crawl starts at, which the report compares with.
  return writeDemoAudits(company, job.userId, await companyWebsite(company.id));
}

async function writeBusiness(companyId: number) {
  const company = await getCompany(companyId);
  // A visitor who already onboarded the demo their own way keeps their answers, and the name
  // they gave it.
  if (company && !company.onboarded) {
    const info = demoCompanyInfo(demoWebsite());
    await updateCompanyInfo(companyId, company.name.trim() ? { ...info, name: company.name } : info);
  }
  if (!(await listIcps(companyId)).some((icp) => icp.approved === true)) {
    for (const icp of await replaceUndecidedIcps(companyId, DEMO_ICPS)) {
      await changeIcp(companyId, { id: icp.id, profile: icp.profile, approved: true });
    }
  }
  if (!(await getPlan(companyId))) await savePlan(companyId, DEMO_PLAN);
}

/** The demo's photos, found by file name or drawn and added: their ids in DEMO_PHOTOS order. */
async function writePhotos(companyId: number): Promise<number[]> {
  const present = new Map((await listMedia(companyId)).map((file) => [file.filename, file.id]));
  const ids: number[] = [];
  for (const photo of DEMO_PHOTOS) {
    const id =
      present.get(photo.filename) ??
      (
        await addMediaFromBytes(companyId, {
          filename: photo.filename,
          description: photo.description,
          bytes: await renderDemoPhoto(photo),
        })
      ).id;
    ids.push(id);
  }
  return ids;
}

/**
 * The sample posts around today, in place of the ones the history wrote last time. The new ids
 * are recorded before any post is written: a crash half way leaves posts a retry finds and removes.
 */
async function replacePosts(companyId: number, photoIds: number[], now: Date): Promise<number> {
  const previous = await demoHistories.get(keys.demoHistory(companyId), { consistent: true });
  if (previous) await removePosts(companyId, previous.postIds);
  const plan = demoPostPlan(now, photoIds);
  // One reservation for the whole plan: its ids are consecutive, each group's a run of them.
  const all = await reservePostIds(plan.reduce((sum, group) => sum + group.platforms.length, 0));
  let next = 0;
  const groups = plan.map((group) => all.slice(next, (next += group.platforms.length)));
  await demoHistories.put({ companyId, postIds: groups.flat(), writtenAt: now.toISOString() });
  for (const [i, group] of plan.entries()) await writeSampleGroup(companyId, groups[i] ?? [], group, now);
  return groups.flat().length;
}
