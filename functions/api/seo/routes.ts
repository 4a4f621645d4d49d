import { getSettings, saveSettings } from './audit-settings';
import { getSeoReport } from './get-report';
import { getIssuePages } from './issue-pages';
import { recheckSeoReport } from './recheck';
import { stopAudit } from './stop-audit';

export const routes = [getSeoReport, recheckSeoReport, stopAudit, getIssuePages, getSettings, saveSettings];
