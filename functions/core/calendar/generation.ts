import { localParts, zonedInstant } from '@shared/calendar-time';
import { checkPost, PLATFORM_LABELS, type Platform } from '@shared/platform-rules';
import { BLOG_PLATFORMS, SOCIAL_PLATFORMS, type BlogPlatform, type SocialPlatform } from '@shared/platforms';
import { generatedDraftsSchema, generateMessages } from '@shared/schemas/calendar-generate';
import { z } from 'zod';
import { ai } from '../ai/ai';
import type { AiCompanyContext, AiPort } from '../ai/ai-port';
import { sameText } from '../ai/content-rules';
import { exclusionTerms, mentionsAny } from '../ai/request-hints';
import { getCompany } from '../companies/company-store';
import { approvedIcps } from '../companies/icp-store';
import { defineJobKind, JobUserError, type JobContext } from '../jobs/job-kind';
import { defineGrants, TABLE_READ_WRITE } from '../grants';
import { addMediaFromBytes } from '../media/media-store';
import { generatedImageName } from '../media/media-names';
import { companyContext } from '../onboarding/company-context';
import { savedKeywords } from '../keywords/keyword-store';
import { getPlan } from '../onboarding/plan-store';
import { eachDay } from './generation-window';
import { createPosts } from '../posts/post-store';

/**
 * Spec 01 §4 "AI generation dialog", 02 §7 `POST /api/calendar/generate` and `/generate/blog`:
 * drafts written by the AI port from what the company has on file (overview, approved ideal
 * customers, marketing plan, tone, voice) and the user's instructions and exclusions, placed on
 * the chosen local days. Every draft meets its platform's rules and no two say the same thing:
 * what the model answers is checked here, not trusted.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const note = z.string().nullable().optional();
const generationInput = (platforms: readonly [Platform, ...Platform[]]) =>
  z.object({
    platforms: z.array(z.enum(platforms)).min(1),
    specialInstructions: note,
    exclusions: note,
    from: day,
    to: day,
    zone: z.string(),
  });

/** The drafts' times of day, one per chosen platform, so a day's posts do not all land at once. */
const SLOTS = ['09:00', '12:00', '15:00', '18:00'] as const;
/** Blogs are weekly: one per blog platform every seven days of the range (at least one). */
const BLOG_EVERY_DAYS = 7;

/** Images drawn for one generation's Instagram drafts, shared round them. */
const MAX_DRAWN_IMAGES = 4;

const NOT_ENOUGH = 'The AI could not write enough different posts for these dates. Please try again.';

/**
 * The instant a draft sits at: its platform's slot on that day, or, on today after the slot has
 * passed, a later full hour; undefined when the day has no such hour left. A draft is meant to be
 * scheduled, so it is never placed in the past.
 */
export function slotInstant(dayOf: string, slot: number, zone: string, now: Date): Date | undefined {
  const planned = zonedInstant(dayOf, SLOTS[slot % SLOTS.length] ?? '09:00', zone);
  if (planned > now) return planned;
  const later = new Date((Math.floor(now.getTime() / 3_600_000) + 1 + slot) * 3_600_000);
  return localParts(later, zone).day === dayOf ? later : undefined;
}

/** `count` of the days, spread evenly from the first. */
export function spreadDays(days: readonly string[], count: number): string[] {
  return Array.from({ length: count }, (_, i) => days[Math.floor((i * days.length) / count)] ?? days[0] ?? '');
}

/** What post and blog generation tell the model of the company: profile, approved customers, plan, saved keywords. */
export async function generationContext(companyId: number): Promise<AiCompanyContext> {
  const company = await getCompany(companyId);
  if (!company) throw new JobUserError('Company not found.');
  const [approved, plan, keywords] = await Promise.all([
    approvedIcps(companyId),
    getPlan(companyId),
    savedKeywords(companyId),
  ]);
  return {
    ...companyContext(
      company,
      approved.map((i) => i.profile),
    ),
    plan: plan?.plan ?? null,
    // The saved SEO keywords: posts and blogs work them in where natural.
    keywords: keywords.length ? keywords : null,
  };
}

interface Draft {
  platform: Platform;
  subject: string | null;
  content: string;
}

/** A draft the job may write: within its platform's rules (files aside: Instagram's image is added), free of the exclusions, new. */
function acceptable(draft: Draft, banned: string[], kept: readonly Draft[]): boolean {
  const check = checkPost({ ...draft, files: draft.platform === 'instagram' ? [0] : [] });
  if (!check.valid) return false;
  if (banned.length && mentionsAny(`${draft.subject ?? ''} ${draft.content}`, banned)) return false;
  return !kept.some(
    (k) => sameText(k.content, draft.content) || (draft.subject && k.subject && sameText(k.subject, draft.subject)),
  );
}

type Ask = (count: number) => Promise<Draft[]>;

/**
 * `count` acceptable drafts from the model's first answer. What it answered beyond the rules or
 * repeating another draft is dropped and asked for again, once, with a larger count (the offline
 * generator answers the same first posts and new ones after them; a model writes a new set).
 */
async function draftsFor(first: Draft[], ask: Ask, count: number, banned: string[], kept: Draft[]): Promise<Draft[]> {
  const out: Draft[] = [];
  for (const answer of [() => Promise.resolve(first), () => ask(count * 2 + 3)]) {
    for (const draft of await answer()) {
      if (out.length === count) break;
      if (acceptable(draft, banned, [...kept, ...out])) out.push(draft);
    }
    if (out.length === count) return out;
  }
  throw new JobUserError(NOT_ENOUGH, 'conflict');
}

interface Placed extends Draft {
  at: Date;
}

/**
 * Instagram needs an image: a few are drawn from the drafts' opening lines and shared round the
 * Instagram drafts (a model's image takes seconds and costs money; a 45-day plan must stay within
 * the worker's time). Drawn before any post is written, so a retried job never writes twice.
 */
async function drawImages(job: JobContext, port: AiPort, drafts: Placed[]): Promise<number[]> {
  const count = Math.min(drafts.length, MAX_DRAWN_IMAGES);
  if (!count) return [];
  await job.step(`Drawing ${count} image${count === 1 ? '' : 's'} for Instagram`);
  return Promise.all(
    drafts.slice(0, count).map(async (draft) => {
      const prompt = (draft.content.split('\n')[0] ?? draft.content).slice(0, 300);
      const image = await port.image({ prompt, style: 'AUTO' });
      const file = await addMediaFromBytes(job.companyId, {
        filename: generatedImageName(prompt),
        description: prompt,
        bytes: image.png,
      });
      return file.id;
    }),
  );
}

async function writeDrafts(job: JobContext, placed: Placed[], images: number[]): Promise<number[]> {
  const ids: number[] = [];
  let instagram = 0;
  for (const draft of placed) {
    const image = draft.platform === 'instagram' ? images[instagram++ % images.length] : undefined;
    const [post] = await createPosts(job.companyId, {
      platforms: [draft.platform],
      subject: draft.subject,
      content: draft.content,
      files: image === undefined ? [] : [image],
      scheduledAt: draft.at.toISOString(),
      action: 'save',
    });
    if (post) ids.push(post.id);
  }
  return ids;
}

type GenerationInput = z.output<ReturnType<typeof generationInput>>;

async function generate(input: GenerationInput, job: JobContext, blogs: boolean) {
  const now = new Date();
  // The window was checked when the job started; a job that runs past midnight keeps its days.
  const days = eachDay(input.from, input.to);
  await job.step('Reading your plan, customers, tone and voice');
  const company = await generationContext(job.companyId);
  const port = await ai();
  const banned = exclusionTerms(input.exclusions);
  const common = {
    company,
    instructions: input.specialInstructions ?? null,
    exclusions: input.exclusions ?? null,
    keywords: company.keywords ?? null,
  };
  const plans = input.platforms.map((platform, slot) => {
    const on = blogs ? spreadDays(days, Math.max(1, Math.ceil(days.length / BLOG_EVERY_DAYS))) : days;
    const times = on.flatMap((d) => slotInstant(d, slot, input.zone, now) ?? []);
    const dates = times.map((t) => t.toISOString());
    const ask: Ask = blogs
      ? async (count) =>
          (await port.blogPosts({ ...common, platform: platform as BlogPlatform, count, dates })).map((b) => ({
            platform,
            subject: b.title,
            content: b.content,
          }))
      : async (count) =>
          (await port.posts({ ...common, platform: platform as SocialPlatform, count, dates })).map((p) => ({
            platform,
            subject: null,
            content: p.content,
          }));
    return { platform, times, ask };
  });
  const total = plans.reduce((n, p) => n + p.times.length, 0);
  if (total === 0) throw new JobUserError(generateMessages.noTimeLeft);
  await job.step(
    `Writing ${total} ${blogs ? 'blog post' : 'post'}${total === 1 ? '' : 's'} for ${input.platforms.map((p) => PLATFORM_LABELS[p]).join(', ')}`,
  );
  // One request per platform, all at once: a model takes tens of seconds for a month of posts.
  const answers = await Promise.all(plans.map((p) => p.ask(p.times.length)));
  const placed: Placed[] = [];
  for (const [i, plan] of plans.entries()) {
    const drafts = await draftsFor(answers[i] ?? [], plan.ask, plan.times.length, banned, placed);
    drafts.forEach((draft, n) => placed.push({ ...draft, at: plan.times[n] ?? now }));
  }
  placed.sort((a, b) => a.at.getTime() - b.at.getTime());
  const images = await drawImages(
    job,
    port,
    placed.filter((p) => p.platform === 'instagram'),
  );
  await job.step(`Saving ${placed.length} drafts`);
  const ids = await writeDrafts(job, placed, images);
  return { created: ids.length, ids, days: [...new Set(placed.map((p) => localParts(p.at, input.zone).day))] };
}

/** POST /api/calendar/generate: social drafts, one per chosen platform on each day. */
export const postsGenerationJob = defineJobKind({
  name: 'calendar-generate',
  input: generationInput(SOCIAL_PLATFORMS),
  result: generatedDraftsSchema,
  // The model writes the drafts and draws Instagram's images into the library (object, thumbnails, item).
  grants: defineGrants({
    table: TABLE_READ_WRITE,
    secrets: ['openai'],
    media: { read: true, write: true, prefix: 'companies/' },
  }),
  run: (input, job) => generate(input, job, false),
});

/** POST /api/calendar/generate/blog: blog drafts with titles, weekly per chosen blog. */
export const blogGenerationJob = defineJobKind({
  name: 'calendar-generate-blog',
  input: generationInput(BLOG_PLATFORMS),
  result: generatedDraftsSchema,
  // The model writes it (the OpenAI key); the company's items are read and written.
  grants: defineGrants({ table: TABLE_READ_WRITE, secrets: ['openai'] }),
  run: (input, job) => generate(input, job, true),
});
