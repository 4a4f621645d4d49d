import { reviewReplyJob } from '../core/business/review-reply-job';
import { blogGenerationJob, postsGenerationJob } from '../core/calendar/generation';
import { feedPollJob } from '../core/feeds/feed-poll';
import { seoKeywordsJob } from '../core/keywords/keywords-job';
import { idealCustomersJob } from '../core/onboarding/ideal-customers-job';
import { marketingPlanJob } from '../core/onboarding/marketing-plan-job';
import { companyOverviewJob } from '../core/onboarding/overview-job';
import { jobWorkerHandler } from './jobs/job-worker';

/** Jobs the model does: what the company is, its ideal customers and plan, drafts, keywords, review replies, a feed's new entries rewritten as drafts. */
export const AI_JOBS = [
  companyOverviewJob,
  idealCustomersJob,
  marketingPlanJob,
  postsGenerationJob,
  blogGenerationJob,
  seoKeywordsJob,
  reviewReplyJob,
  feedPollJob,
] as const;

export const handler = jobWorkerHandler('job-ai', AI_JOBS);
