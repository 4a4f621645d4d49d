import { crawlerUserAgentFor } from '@shared/audit-crawler';
import {
  auditSettingsInputSchema,
  auditSettingsMessages as M,
  MAX_COMPETITORS,
  onScanExclusionList,
  URL_LIST_MAX_BYTES,
  type AuditSettings,
  type AuditSettingsInput,
} from '@shared/schemas/audit-settings';
import { preprocess } from '@shared/schemas/fields';
import { useState, type ChangeEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCurrentCompany } from '@/lib/company';
import { applyServerErrors, useSubmitOnlyForm, type FieldErrors } from '@/lib/forms';
import { notify } from '@/lib/toast';
import { useAuditSettings, useSaveAuditSettings, useUploadUrlList } from '../api/audit-settings';
import type { AuditViewProps } from '../routes/website-audit';
import './audit-settings.css';

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
type NumberField = (typeof NUMBERS)[number];
type ListField = (typeof LISTS)[number];
type SwitchField = (typeof SWITCHES)[number];

/** What the inputs hold: text for numbers, one item a line for lists. */
type SettingsForm = Record<NumberField | ListField, string> &
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
const formSchema = preprocess((value) => toBody(value as SettingsForm), auditSettingsInputSchema);

const toForm = (s: AuditSettings): SettingsForm => ({
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

const FIELDS = [
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
function listError(errors: FieldErrors<SettingsForm>, name: ListField, text: string): string | undefined {
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

type VersionDialog = { to: '1.0' | '2.0' } | undefined;

function SettingsFormView({
  settings,
  website,
  canEdit,
}: {
  settings: AuditSettings;
  website: string | undefined;
  canEdit: boolean;
}) {
  const save = useSaveAuditSettings();
  const form = useSubmitOnlyForm<SettingsForm, AuditSettingsInput>(formSchema, toForm(settings));
  const [versionDialog, setVersionDialog] = useState<VersionDialog>();
  const [feedback, setFeedback] = useState('');
  const { values, errors, register } = form;

  const number = (name: NumberField, label: string, hint?: string) => (
    <TextField {...register(name)} label={label} hint={hint} inputMode="decimal" error={errors[name]} />
  );
  const list = (name: ListField, label: string, hint: string, rows = 3) => (
    <TextAreaField
      {...register(name)}
      label={label}
      hint={hint}
      rows={rows}
      spellCheck={false}
      error={listError(errors, name, values[name])}
    />
  );
  const check = (name: SwitchField, label: string, hint?: string) => (
    <Checkbox {...register(name)} label={label} hint={hint} />
  );

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(
        body.version === '1.0' && feedback.trim() ? { ...body, versionFeedback: feedback } : body,
      );
      form.reset(toForm(saved));
      setFeedback('');
      notify.success('Audit settings saved. They apply from the next audit.');
    } catch (error) {
      if (!applyServerErrors(error, form.setErrors, FIELDS)) notify.error(errorMessage(error));
    }
  });

  const chooseVersion = (to: '1.0' | '2.0') => {
    if (to === values.version) return;
    setVersionDialog({ to });
  };

  return (
    <form className="audit-settings" onSubmit={onSubmit} noValidate aria-label="Audit settings">
      {/* A client reads the settings; only admins and managers change them (the API refuses the rest). */}
      <fieldset className="audit-settings__all stack-lg" disabled={!canEdit}>
        <Card title="Crawler" description="How our crawler visits your site.">
          <div className="form">
            <div className="field">
              <span className="field__label">Our user agent</span>
              <code className="audit-settings__agent">{crawlerUserAgentFor(window.location.origin)}</code>
              <p className="field__hint">
                Allow this name in your firewall or robots.txt so the audit can reach every page.
              </p>
            </div>
            <TextField
              {...register('userAgent')}
              label="Custom user agent (optional)"
              hint="Used only once you have proven you own the site; until then the audit always introduces itself as above."
              error={errors.userAgent}
            />
            {check(
              'followRobots',
              'Follow robots.txt',
              'Turning this off needs a proven site: until then the audit obeys robots.txt.',
            )}
            <div className="form-row">
              <TextField
                {...register('basicAuthLogin')}
                label="Basic-auth login"
                autoComplete="off"
                hint="For a site behind a password (a staging site). Leave empty for none."
                error={errors.basicAuthLogin}
              />
              <TextField
                {...register('basicAuthPassword')}
                type="password"
                label="Basic-auth password"
                autoComplete="new-password"
                placeholder={settings.basicAuthPasswordSet ? 'Saved: leave empty to keep it' : ''}
                hint={
                  settings.basicAuthPasswordSet
                    ? 'A password is saved (encrypted; it is never shown). Clear the login to remove it.'
                    : 'Stored encrypted and sent only to your own site.'
                }
                error={errors.basicAuthPassword}
              />
            </div>
          </div>
        </Card>

        <Card
          title="JavaScript and device"
          description="How the audit sees your pages: as the HTML your server sends, or as a browser shows them."
        >
          <div className="form">
            <Checkbox
              {...register('renderJavaScript')}
              label="Render JavaScript"
              disabled={!settings.renderingAvailable}
              hint={
                settings.renderingAvailable
                  ? 'Pages open in a browser, so links and text your scripts write are found, and the home page and up to 10 others get lab Core Web Vitals. Audits take longer.'
                  : 'Not available on this server: audits read the HTML your server sends.'
              }
            />
            <SelectField
              {...register('device')}
              label="Device"
              hint="The screen size and user agent the audit uses: our crawler's name, as a desktop or a phone browser."
            >
              <option value="desktop">Desktop</option>
              <option value="mobile">Mobile</option>
            </SelectField>
          </div>
        </Card>

        <SourcesCard form={form} settings={settings} website={website} />

        <Card title="Limits" description="How much of the site one audit reads, and how fast.">
          <div className="form-row audit-settings__numbers">
            {number('maxPages', 'Maximum pages')}
            {number('maxDepth', 'Maximum click depth', 'Clicks from the home page.')}
            {number('requestsPerSecond', 'Requests per second', 'Up to 5 until you prove you own the site.')}
            {number('concurrency', 'Parallel connections')}
            {number('maxRedirects', 'Maximum redirects in a chain')}
            {number('maxPageBytes', 'Largest page read (bytes)')}
          </div>
        </Card>

        <Card title="Thresholds" description="When a page counts as having an issue.">
          <div className="form-row audit-settings__numbers">
            {number('titleMin', 'Shortest title (characters)')}
            {number('titleMax', 'Longest title (characters)')}
            {number('descriptionMin', 'Shortest description (characters)')}
            {number('descriptionMax', 'Longest description (characters)')}
            {number('h1Max', 'Longest H1 (characters)')}
            {number('minWords', 'Fewest words on a page')}
            {number('maxLinks', 'Most links on a page')}
            {number('minOutlinks', 'Fewest links out of a page')}
            {number('minInlinks', 'Fewest links to a page')}
          </div>
        </Card>

        <Card title="URL rules" description="One rule a line. A rule is a path that starts and ends with /.">
          <div className="form">
            {list(
              'allowPrefixes',
              'Crawl only these paths',
              'Empty: the whole site. Regular expressions work: /blog/.+/amp/',
            )}
            {list('disallowPrefixes', 'Never crawl these paths', 'For example /cart/')}
            {list('hidePrefixes', 'Crawl but leave out of the report', 'For example /tag/')}
            {list(
              'ignoreUrlParameters',
              'Ignore these URL parameters',
              'For example utm_source: ?utm_source=x is dropped.',
            )}
            {list('ignoredExternalDomains', 'Do not check links to these domains', 'For example cdn.example.com')}
          </div>
        </Card>

        <Card title="Notifications and competitors">
          <div className="form">
            {list('notificationEmails', 'Also email the report to', 'One address a line.')}
            {list(
              'competitors',
              `Competitors (up to ${MAX_COMPETITORS})`,
              'One website a line, for example https://rival.com',
            )}
          </div>
        </Card>

        <Card title="Audit version" description="Version 2.0 has the newest checks.">
          <fieldset className="audit-settings__versions">
            <legend className="visually-hidden">Audit version</legend>
            {(['2.0', '1.0'] as const).map((version) => (
              <label key={version} className="audit-settings__version">
                <input
                  type="radio"
                  name="version"
                  value={version}
                  checked={values.version === version}
                  onChange={() => chooseVersion(version)}
                />
                Version {version}
                {version === '2.0' ? ' (recommended)' : ''}
              </label>
            ))}
          </fieldset>
        </Card>

        {canEdit ? (
          <div className="form-actions form-actions--sticky">
            <Button
              variant="ghost"
              onClick={() => form.reset(toForm(settings))}
              disabled={save.isPending || !form.isDirty}
            >
              Discard
            </Button>
            <Button type="submit" pending={save.isPending}>
              Save settings
            </Button>
          </div>
        ) : null}
      </fieldset>

      <Dialog
        open={versionDialog?.to === '1.0'}
        title="Go back to version 1.0?"
        description="Tell us what did not work for you in version 2.0, so we can fix it."
        onClose={() => setVersionDialog(undefined)}
        closeOnBackdrop={false}
      >
        <div className="form">
          <TextAreaField
            label="Your feedback (optional)"
            value={feedback}
            maxLength={2000}
            onChange={(event) => setFeedback(event.target.value)}
          />
          <div className="form-actions">
            <Button variant="ghost" onClick={() => setVersionDialog(undefined)}>
              Keep version 2.0
            </Button>
            <Button
              onClick={() => {
                form.setValue('version', '1.0');
                setVersionDialog(undefined);
              }}
            >
              Switch to 1.0
            </Button>
          </div>
        </div>
      </Dialog>
      <Dialog
        open={versionDialog?.to === '2.0'}
        title="Apply version 2.0 to all audits?"
        description="Every audit of your website uses version 2.0 from the next one, scheduled ones included. Reports already made keep their version."
        onClose={() => setVersionDialog(undefined)}
      >
        <div className="form-actions">
          <Button variant="ghost" onClick={() => setVersionDialog(undefined)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              form.setValue('version', '2.0');
              setFeedback('');
              setVersionDialog(undefined);
            }}
          >
            Apply to all audits
          </Button>
        </div>
      </Dialog>
    </form>
  );
}

type Form = ReturnType<typeof useSubmitOnlyForm<SettingsForm, AuditSettingsInput>>;

/** Where the audit finds pages: the site's links always, and the sources the company turns on. */
function SourcesCard({
  form,
  settings,
  website,
}: {
  form: Form;
  settings: AuditSettings;
  website: string | undefined;
}) {
  const upload = useUploadUrlList();
  const [fileError, setFileError] = useState<string>();
  const { register } = form;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFileError(undefined);
    const refused = !/\.(txt|csv)$/i.test(file.name)
      ? M.file.type
      : file.size > URL_LIST_MAX_BYTES
        ? M.file.tooLarge
        : undefined;
    if (refused) {
      setFileError(refused);
      return;
    }
    try {
      const saved = await upload.mutateAsync({ fileName: file.name, text: await file.text() });
      notify.success(`${saved.count} URLs uploaded from ${saved.fileName}.`);
      if (!form.values.listSource) form.setValue('listSource', true);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      setFileError(fields.text ?? fields.fileName ?? errorMessage(error));
    }
  };

  return (
    <Card title="Sources of pages" description="Where the audit finds the pages to check.">
      <div className="form">
        <Checkbox
          label={`Your website${website ? ` (${website})` : ''}: the pages its links lead to`}
          checked
          disabled
          readOnly
          hint="Always on: every audit starts from your home page."
        />
        <Checkbox {...register('includeSubdomains')} label="Its subdomains" hint="blog.yoursite.com and the like." />
        <Checkbox
          {...register('sitemapSource')}
          label="Its XML sitemaps"
          hint="Those robots.txt names, or /sitemap.xml; sitemap indexes and .gz files are read too."
        />
        <Checkbox {...register('listSource')} label="An uploaded list of URLs" />
        <div className="audit-settings__upload">
          <TextField
            type="file"
            label="List of URLs (TXT or CSV)"
            accept=".txt,.csv,text/plain,text/csv"
            onChange={(event) => void onFile(event)}
            disabled={upload.isPending}
            hint={
              settings.urlList
                ? `${settings.urlList.fileName}: ${settings.urlList.count} URLs. Upload another file to replace it.`
                : `One URL a line, links to your site only; up to 1,000 URLs and ${URL_LIST_MAX_BYTES / 1024} KB.`
            }
            error={fileError}
          />
          {upload.isPending ? <Spinner label="Uploading" /> : null}
        </div>
      </div>
    </Card>
  );
}

/** The audit settings (spec 02 §3, §5): the Settings section of the website audit. */
export default function AuditSettingsView({ member }: AuditViewProps) {
  const { data, error, isPending } = useAuditSettings();
  const { company } = useCurrentCompany();
  if (isPending)
    return (
      <Card>
        <Spinner label="Loading the settings" />
      </Card>
    );
  if (error) return <Alert type="error">{errorMessage(error)}</Alert>;
  const website = company?.website || undefined;
  const excluded = (() => {
    try {
      return website
        ? onScanExclusionList(new URL(website.includes('://') ? website : `https://${website}`).hostname)
        : false;
    } catch {
      return false;
    }
  })();
  return (
    <div className="stack-lg">
      {excluded ? <Alert type="error">{M.scanExcluded}</Alert> : null}
      {member ? null : <Alert type="info">Only admins and managers can change the audit settings.</Alert>}
      <SettingsFormView settings={data} website={website} canEdit={member} />
    </div>
  );
}
