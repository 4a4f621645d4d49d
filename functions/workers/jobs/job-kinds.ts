import type { JobKind } from '../../core/jobs/job-kind';
import { reviewReplyJob } from '../../core/business/review-reply-job';
import { blogGenerationJob, postsGenerationJob } from '../../core/calendar/generation';
import { idealCustomersJob } from '../../core/onboarding/ideal-customers-job';
import { marketingPlanJob } from '../../core/onboarding/marketing-plan-job';
import { companyOverviewJob } from '../../core/onboarding/overview-job';
import { integrationRefreshJob } from '../../core/integrations/refresh';
import { seoKeywordsJob } from '../../core/keywords/keywords-job';
import { metricsCollectJob } from '../../core/reports/metrics-collect';
import { demoHistoryJob } from '../../core/demo/demo-history';
import { webhookDeliveryJob } from '../../core/public-api/webhook-job';
import { postsImportJob } from '../../core/imports/import-job';
import { feedPollJob } from '../../core/feeds/feed-poll';
import { auditScheduleJob } from '../../core/audit/audit-schedule-job';

/**
 * Every job kind the run-job worker runs, imported by name: adding a kind is one import and
 * one entry here, and its start route imports the same definition.
 */
export const JOB_KINDS: readonly JobKind[] = [
  companyOverviewJob,
  idealCustomersJob,
  marketingPlanJob,
  integrationRefreshJob,
  postsGenerationJob,
  blogGenerationJob,
  seoKeywordsJob,
  reviewReplyJob,
  metricsCollectJob,
  demoHistoryJob,
  webhookDeliveryJob,
  postsImportJob,
  feedPollJob,
  auditScheduleJob,
];
