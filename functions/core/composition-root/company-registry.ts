import { putCompanyObject } from '../storage/company-objects';
import { companyScheduleName, companySchedulePrefix, scheduler } from '../scheduler/scheduler-port';
import { jobData } from './job-data';
import { objectData, partitionData, scheduleData, type CompanyData } from '../companies/company-data';
import { icpData } from '../companies/icp-store';
import { planData } from '../onboarding/plan-store';
import { keywordData } from '../keywords/keyword-store';
import { addMember } from '../companies/company-store';
import { createInvite } from '../companies/invites';
import { companyItemPrefix } from '../table/keys';
import { BILLING_DATA } from '../billing/billing-data';
import { auditData } from '../audit/audit-data';
import { mediaData } from '../media/media-data';
import { postData } from '../posts/post-data';
import { connectionData } from '../integrations/connection-data';
import { notificationData } from '../notifications/notification-data';
import { postScheduleData } from '../posts/post-schedule-data';
import { metricData, metricsWatchData, postFigureData, postReadingData } from '../reports/metric-data';
import { demoHistoryData } from '../demo/demo-history-data';
import { approvalData } from '../approvals/approval-data';
import { apiKeyData } from '../public-api/api-key-data';
import { webhookData } from '../public-api/webhook-data';
import { importData } from '../imports/import-data';
import { feedData } from '../feeds/feed-data';
import { suggestionDraftData } from '../calendar/suggestion-draft-data';
import { queueData } from '../queue/queue-data';

/**
 * Everything a company owns, in the order the cascade removes it: members first, so nobody
 * can reach the company's routes while the rest goes. Each area adds its registration here
 * when it starts storing something, so a deleted company leaves nothing behind; the cascade
 * test then checks it without being told.
 */
export const COMPANY_DATA: readonly CompanyData[] = [
  partitionData({
    name: 'members',
    skPrefix: companyItemPrefix.member,
    keptByDemoReset: true,
    example: async (companyId) => {
      await addMember(companyId, 900_000_000 + companyId);
    },
  }),
  partitionData({
    name: 'invites',
    skPrefix: companyItemPrefix.invite,
    keptByDemoReset: true,
    example: async (companyId) => {
      await createInvite(companyId, `example-${companyId}@example.com`, 1);
    },
  }),
  icpData,
  planData,
  keywordData,
  jobData,
  ...BILLING_DATA,
  auditData,
  mediaData,
  postData,
  connectionData,
  notificationData,
  postScheduleData,
  metricData,
  metricsWatchData,
  postFigureData,
  postReadingData,
  demoHistoryData,
  approvalData,
  apiKeyData,
  ...webhookData,
  importData,
  ...feedData,
  suggestionDraftData,
  queueData,
  objectData({
    name: 'files in the media bucket',
    example: async (companyId) => {
      await putCompanyObject(companyId, 'example/readme.txt', 'example', 'text/plain');
    },
  }),
  scheduleData({
    name: 'one-time schedules',
    prefix: companySchedulePrefix,
    example: (companyId) =>
      scheduler().upsert({
        name: companyScheduleName(companyId, 'example'),
        at: new Date(Date.now() + 24 * 3600_000),
        workflow: 'run-job',
        input: {},
      }),
  }),
];
