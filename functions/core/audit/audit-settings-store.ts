import type { AuditSettings, AuditSettingsInput, UrlListSummary } from '@shared/schemas/audit-settings';
import { auditSettingsSchema } from '@shared/schemas/audit-settings';
import { conflict } from '../errors';
import { tokenCrypto } from '../integrations/token-crypto';
import { STALE_WRITE } from '../table/entity';
import { keys } from '../table/keys';
import type { AuditItem } from './audit-entity';
import { auditSettingsItems } from './audit-entity';
import { parseUrlList } from './crawl/url-list';

/**
 * The settings form's writes: the basic-auth password sealed like platform tokens (bound to the
 * company, so a sealed value copied elsewhere does not open), the version feedback, and the
 * uploaded list of URLs. None of them is ever returned; the settings say only that they exist.
 */

const sealContext = (companyId: number) => ({ companyId: String(companyId), purpose: 'audit-basic-auth' });

const stored = (companyId: number) => auditSettingsItems.get(keys.auditSettings(companyId), { consistent: true });
type StoredSettings = NonNullable<Awaited<ReturnType<typeof stored>>>;
const REVISION = { '#revision': 'revision' };

/**
 * Every write of the settings item: read it, change it, and write it on condition that it is
 * still the one read (its revision); when another write came first, again from a fresh read. A
 * settings save and a list upload at the same moment then both keep what they changed.
 */
async function changeStoredSettings(
  companyId: number,
  change: (
    current: StoredSettings | undefined,
  ) => Omit<StoredSettings, 'companyId' | 'revision'> | Promise<Omit<StoredSettings, 'companyId' | 'revision'>>,
): Promise<StoredSettings> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await stored(companyId);
    const next: StoredSettings = { ...(await change(current)), companyId, revision: (current?.revision ?? 0) + 1 };
    const written = await auditSettingsItems.put(
      next,
      !current
        ? { ifAbsent: true }
        : current.revision === undefined
          ? { onlyIf: { expression: 'attribute_exists(pk) AND attribute_not_exists(#revision)', names: REVISION } }
          : { onlyIf: { expression: '#revision = :read', names: REVISION, values: { ':read': current.revision } } },
    );
    if (written) return next;
  }
  throw conflict(STALE_WRITE);
}

/** The company's settings as the next audit takes them; the defaults before any were saved. */
export async function getAuditSettings(companyId: number): Promise<AuditSettings> {
  const saved = await auditSettingsItems.get(keys.auditSettings(companyId));
  return saved?.settings ?? auditSettingsSchema.parse({});
}

/** The sealed basic-auth password an audit takes with it, when the settings have one. */
export async function sealedBasicAuth(companyId: number): Promise<{ basicAuthSealed?: string }> {
  const saved = await auditSettingsItems.get(keys.auditSettings(companyId));
  return saved?.basicAuthSealed && saved.settings.basicAuthLogin ? { basicAuthSealed: saved.basicAuthSealed } : {};
}

export async function saveSettingsInput(companyId: number, input: AuditSettingsInput): Promise<AuditSettings> {
  const { basicAuthPassword, versionFeedback, ...fields } = input;
  const login = fields.basicAuthLogin?.trim() || undefined;
  const saved = await changeStoredSettings(companyId, async (current) => {
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
    return {
      settings,
      ...(sealed ? { basicAuthSealed: sealed } : {}),
      ...(current?.urlListUrls ? { urlListUrls: current.urlListUrls } : {}),
      ...(wentBack && versionFeedback
        ? { versionFeedback: { text: versionFeedback, at: new Date().toISOString() } }
        : current?.versionFeedback
          ? { versionFeedback: current.versionFeedback }
          : {}),
    };
  });
  return saved.settings;
}

/** Settings written whole (a demo company's), keeping the sealed password and the uploaded list. */
export async function saveAuditSettings(companyId: number, settings: AuditSettings): Promise<AuditSettings> {
  const saved = await changeStoredSettings(companyId, (current) => ({
    ...current,
    settings: { ...settings, disabledChecks: settings.disabledChecks ?? current?.settings.disabledChecks ?? [] },
  }));
  return saved.settings;
}

/** Replaces the uploaded list of URLs (a refused file changes nothing). */
export async function saveUrlList(
  companyId: number,
  website: string,
  upload: { fileName: string; text: string },
): Promise<UrlListSummary> {
  const urls = parseUrlList(upload.fileName, upload.text, new URL(website));
  const summary = { fileName: upload.fileName.trim(), count: urls.length, uploadedAt: new Date().toISOString() };
  await changeStoredSettings(companyId, (current) => ({
    ...current,
    settings: { ...(current?.settings ?? auditSettingsSchema.parse({})), urlList: summary },
    urlListUrls: urls,
  }));
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
