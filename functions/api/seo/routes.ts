import { getSeoReport } from './get-report';
import { getIssuePages } from './issue-pages';
import { generateKeywords } from './generate-keywords';
import { getSettings } from './get-audit-settings';
import { getSeoKeywords } from './get-keywords';
import { recheckSeoReport } from './recheck';
import { saveSettings } from './save-audit-settings';
import { saveSeoKeywords } from './save-keywords';
import { verifySiteOwnership } from './prove-site-ownership';
import { getSiteOwnership } from './site-ownership';
import { stopAudit } from './stop-audit';

export const routes = [
  getSeoReport,
  recheckSeoReport,
  stopAudit,
  getIssuePages,
  getSettings,
  saveSettings,
  getSiteOwnership,
  verifySiteOwnership,
  generateKeywords,
  getSeoKeywords,
  saveSeoKeywords,
];
