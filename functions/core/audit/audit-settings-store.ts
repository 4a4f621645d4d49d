import type { AuditSettings, AuditSettingsInput, UrlListSummary } from '@shared/schemas/audit-settings';
import { auditSettingsSchema } from '@shared/schemas/audit-settings';
import { tokenCrypto } from '../integrations/token-crypto';
import { keys } from '../table/keys';
import type { AuditItem } from './audit-entity';
import { auditSettingsItems } from './audit-entity';
import { parseUrlList } from './url-list';

/**
 * The settings form's writes: the basic-auth password sealed like platform tokens (bound to the
 * company, so a sealed value copied elsewhere does not open), the version feedback, and the
 * uploaded list of URLs. None of them is ever returned; the settings say only that they exist.
 */

const sealContext = (companyId: number) => ({ companyId: String(companyId), purpose: 'audit-basic-auth' });

const stored = (companyId: number) => auditSettingsItems.get(keys.auditSettings(companyId), { consistent: true });

export async function saveSettingsInput(companyId: number, input: AuditSettingsInput): Promise<AuditSettings> {
  const current = await stored(companyId);
  const { basicAuthPassword, versionFeedback, ...fields } = input;
  const login = fields.basicAuthLogin?.trim() || undefined;
  let sealed = current?.basicAuthSealed;
  if (!login || basicAuthPassword === '') sealed = undefined;
  else if (basicAuthPassword !== undefined)
    sealed = await tokenCrypto().encrypt(basicAuthPassword, sealContext(companyId));

  const settings: AuditSettings = auditSettingsSchema.parse({
    ...fields,
    basicAuthLogin: login,
    basicAuthPasswordSet: Boolean(sealed),
    disabledChecks: fields.disabledChecks ?? current?.settings.disabledChecks ?? [],
    urlList: current?.settings.urlList,
  });
  const wentBack = settings.version === '1.0' && (current?.settings.version ?? '2.0') === '2.0';
  await auditSettingsItems.put({
    companyId,
    settings,
    ...(sealed ? { basicAuthSealed: sealed } : {}),
    ...(current?.urlListUrls ? { urlListUrls: current.urlListUrls } : {}),
    ...(wentBack && versionFeedback
      ? { versionFeedback: { text: versionFeedback, at: new Date().toISOString() } }
      : current?.versionFeedback
        ? { versionFeedback: current.versionFeedback }
        : {}),
  });
  return settings;
}

/** Replaces the uploaded list of URLs (a refused file changes nothing). */
export async function saveUrlList(
  companyId: number,
  website: string,
  upload: { fileName: string; text: string },
): Promise<UrlListSummary> {
  const urls = parseUrlList(upload.fileName, upload.text, new URL(website));
  const current = await stored(companyId);
  const summary = { fileName: upload.fileName.trim(), count: urls.length, uploadedAt: new Date().toISOString() };
  const settings = { ...(current?.settings ?? auditSettingsSchema.parse({})), urlList: summary };
  await auditSettingsItems.put({ ...current, companyId, settings, urlListUrls: urls });
  return summary;
}

/** The uploaded URLs the crawl starts from, when the audit's settings turn the list source on. */
export async function urlListOf(audit: Pick<AuditItem, 'companyId' | 'settings'>): Promise<string[]> {
  if (!audit.settings.listSource) return [];
  return (await stored(audit.companyId))?.urlListUrls ?? [];
}

/** The audit's basic-auth credentials, opened for its crawl only. */
export async function basicAuthOf(
  audit: Pick<AuditItem, 'companyId' | 'settings' | 'basicAuthSealed'>,
): Promise<{ login: string; password: string } | undefined> {
  const login = audit.settings.basicAuthLogin;
  if (!login || !audit.basicAuthSealed) return undefined;
  return { login, password: await tokenCrypto().decrypt(audit.basicAuthSealed, sealContext(audit.companyId)) };
}
