import { getReport } from './get-report';
import { issuePages } from './issue-pages';
import { generateKeywords } from './generate-keywords';
import { getAuditSettings } from './get-audit-settings';
import { getKeywords } from './get-keywords';
import { recheck } from './recheck';
import { saveAuditSettings } from './save-audit-settings';
import { uploadUrlList } from './upload-url-list';
import { saveKeywords } from './save-keywords';
import { proveSiteOwnership } from './prove-site-ownership';
import { siteOwnership } from './site-ownership';
import { stopAudit } from './stop-audit';
import { compareAudits } from './compare-audits';
import { getAuditOverview } from './get-audit-overview';
import { getIssueDetail } from './get-issue-detail';
import { getIssueReport } from './get-issue-report';
import { ignoreIssue } from './ignore-issue';
import { listAudits } from './list-audits';
import { listCrawledPages } from './list-crawled-pages';
import { listFoundLinks } from './list-found-links';
import { listFoundResources } from './list-found-resources';
import { unignoreIssue } from './unignore-issue';
import { downloadAuditReport } from './download-audit-report';
import { generateAuditSitemap } from './generate-audit-sitemap';
import { getAuditSchedule } from './get-audit-schedule';
import { saveAuditSchedule } from './save-audit-schedule';
import { listAuditShares } from './list-audit-shares';
import { createAuditShare } from './create-audit-share';
import { revokeAuditShare } from './revoke-audit-share';
import { guestShare } from './guest-share';
import { guestAuditList } from './guest-audit-list';
import { guestAuditOverview } from './guest-audit-overview';
import { guestIssueReport } from './guest-issue-report';
import { guestIssueDetail } from './guest-issue-detail';
import { guestCrawledPages } from './guest-crawled-pages';
import { guestFoundLinks } from './guest-found-links';
import { guestFoundResources } from './guest-found-resources';
import { guestAuditComparison } from './guest-audit-comparison';

export const routes = [
  getReport,
  recheck,
  stopAudit,
  getAuditSchedule,
  saveAuditSchedule,
  issuePages,
  getAuditSettings,
  saveAuditSettings,
  uploadUrlList,
  siteOwnership,
  proveSiteOwnership,
  listAudits,
  getAuditOverview,
  getIssueReport,
  getIssueDetail,
  ignoreIssue,
  unignoreIssue,
  listCrawledPages,
  listFoundLinks,
  listFoundResources,
  compareAudits,
  downloadAuditReport,
  generateAuditSitemap,
  listAuditShares,
  createAuditShare,
  revokeAuditShare,
  guestShare,
  guestAuditList,
  guestAuditOverview,
  guestIssueReport,
  guestIssueDetail,
  guestCrawledPages,
  guestFoundLinks,
  guestFoundResources,
  guestAuditComparison,
  generateKeywords,
  getKeywords,
  saveKeywords,
];
