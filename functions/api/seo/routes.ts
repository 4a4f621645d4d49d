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

export const routes = [
  getSeoReport,
  recheckSeoReport,
  stopAudit,
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
  generateKeywords,
  getSeoKeywords,
  saveSeoKeywords,
];
