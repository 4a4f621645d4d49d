import { getSettings, saveSettings } from './audit-settings';
import { getSeoReport } from './get-report';
import { getIssuePages } from './issue-pages';
import { generateKeywords, getSeoKeywords, saveSeoKeywords } from './keywords';
import { recheckSeoReport } from './recheck';
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
