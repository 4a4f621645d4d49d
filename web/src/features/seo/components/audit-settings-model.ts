import { auditSettingsInputSchema, type AuditSettings, type AuditSettingsInput } from '@shared/schemas/audit-settings';
import { preprocess } from '@shared/schemas/fields';
import { useSubmitOnlyForm, type FieldErrors } from '@/lib/forms';

const NUMBERS = [
  'maxPages',
  'maxDepth',
  'requestsPerSecond',
  'concurrency',
  'maxRedirects',
  'maxPageBytes',
  'titleMin',
  'titleMax',
  'descriptionMin',
  'descriptionMax',
  'h1Max',
  'minWords',
  'maxLinks',
  'minOutlinks',
  'minInlinks',
] as const;

const LISTS = [
  'allowPrefixes',
  'disallowPrefixes',
  'hidePrefixes',
  'ignoreUrlParameters',
  'ignoredExternalDomains',
  'notificationEmails',
  'competitors',
] as const;

const SWITCHES = ['followRobots', 'includeSubdomains', 'sitemapSource', 'listSource', 'renderJavaScript'] as const;

export type NumberField = (typeof NUMBERS)[number];

export type ListField = (typeof LISTS)[number];

export type SwitchField = (typeof SWITCHES)[number];

/** What the inputs hold: text for numbers, one item a line for lists. */
export type SettingsForm = Record<NumberField | ListField, string> &
  Record<SwitchField, boolean> & {
    userAgent: string;
    basicAuthLogin: string;
    basicAuthPassword: string;
    version: '1.0' | '2.0';
    device: AuditSettings['device'];
  };

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** An empty box is not a number: it gets the field's sentence rather than a zero. */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

function toBody(values: SettingsForm) {
  const body: Record<string, unknown> = {
    ...Object.fromEntries(NUMBERS.map((name) => [name, toNumber(values[name])])),
    ...Object.fromEntries(LISTS.map((name) => [name, lines(values[name])])),
    ...Object.fromEntries(SWITCHES.map((name) => [name, values[name]])),
    version: values.version,
    device: values.device,
    basicAuthLogin: values.basicAuthLogin.trim(),
  };
  if (values.userAgent.trim()) body.userAgent = values.userAgent;
  // Left empty, the saved password stays.
  if (values.basicAuthPassword) body.basicAuthPassword = values.basicAuthPassword;
  return body;
}

/** The API's own schema, run on the form's text turned into the request body. */
export const formSchema = preprocess((value) => toBody(value as SettingsForm), auditSettingsInputSchema);

export const toForm = (s: AuditSettings): SettingsForm => ({
  ...(Object.fromEntries(NUMBERS.map((name) => [name, String(s[name])])) as Record<NumberField, string>),
  ...(Object.fromEntries(LISTS.map((name) => [name, s[name].join('\n')])) as Record<ListField, string>),
  followRobots: s.followRobots,
  includeSubdomains: s.includeSubdomains,
  sitemapSource: s.sitemapSource,
  listSource: s.listSource,
  renderJavaScript: s.renderJavaScript,
  device: s.device,
  userAgent: s.userAgent ?? '',
  basicAuthLogin: s.basicAuthLogin ?? '',
  basicAuthPassword: '',
  version: s.version,
});

export const FIELDS = [
  ...NUMBERS,
  ...LISTS,
  ...SWITCHES,
  'userAgent',
  'basicAuthLogin',
  'basicAuthPassword',
  'version',
  'device',
];

/** A list's message: the list's own, or its first item's with the line it is on. */
export function listError(errors: FieldErrors<SettingsForm>, name: ListField, text: string): string | undefined {
  const own = errors[name];
  if (own) return own;
  const filled = text
    .split('\n')
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.trim());
  for (const [path, message] of Object.entries(errors) as [string, string][]) {
    const [root, item] = path.split('.');
    if (root !== name || item === undefined) continue;
    const line = filled[Number(item)]?.index;
    return line === undefined ? message : `${message} (line ${line + 1})`;
  }
  return undefined;
}

export type Form = ReturnType<typeof useSubmitOnlyForm<SettingsForm, AuditSettingsInput>>;
