import { getSettings, saveSettings } from './audit-settings';
import { getSeoReport } from './get-report';
import { getIssuePages } from './issue-pages';
import { generateKeywords, getSeoKeywords, saveSeoKeywords } from './keywords';
import { recheckSeoReport } from './recheck';
import { stopAudit } from './stop-audit';

export const routes = [
  getSeoReport,
  recheckSeoReport,
  stopAudit,
  getIssuePages,
  getSettings,
  saveSettings,
  generateKeywords,
  getSeoKeywords,
  saveSeoKeywords,
];
