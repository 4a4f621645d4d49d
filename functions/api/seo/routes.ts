import { getSeoReport } from './get-report';
import { getIssuePages } from './issue-pages';
import { generateKeywords } from './generate-keywords';
import { getSettings } from './get-audit-settings';
import { getSeoKeywords } from './get-keywords';
import { recheckSeoReport } from './recheck';
import { saveSettings } from './save-audit-settings';
import { uploadUrlList } from './upload-url-list';
import { saveSeoKeywords } from './save-keywords';
import { verifySiteOwnership } from './prove-site-ownership';
import { getSiteOwnership } from './site-ownership';
import { stopAudit } from './stop-audit';
import { compareSiteAudits } from './compare-audits';
import { getAuditOverview } from './get-audit-overview';
import { getIssueDetail } from './get-issue-detail';
import { getIssueReport } from './get-issue-report';
import { ignoreIssue } from './ignore-issue';
import { listSiteAudits } from './list-audits';
import { listCrawledPages } from './list-crawled-pages';
import { listFoundLinks } from './list-found-links';
import { listFoundResources } from './list-found-resources';
import { unignoreIssue } from './unignore-issue';
import { downloadAuditReport } from './download-audit-report';
import { generateAuditSitemap } from './generate-audit-sitemap';
import { getAuditSchedule } from './get-audit-schedule';
import { putAuditSchedule } from './save-audit-schedule';
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
  getSeoReport,
  recheckSeoReport,
  stopAudit,
  getAuditSchedule,
  putAuditSchedule,
  getIssuePages,
  getSettings,
  saveSettings,
  uploadUrlList,
  getSiteOwnership,
  verifySiteOwnership,
  listSiteAudits,
  getAuditOverview,
  getIssueReport,
  getIssueDetail,
  ignoreIssue,
  unignoreIssue,
  listCrawledPages,
  listFoundLinks,
  listFoundResources,
  compareSiteAudits,
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
  getSeoKeywords,
  saveSeoKeywords,
];
