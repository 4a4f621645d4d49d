import { crawlerUserAgentFor } from '@shared/audit-crawler';
import { MAX_COMPETITORS, type AuditSettings, type AuditSettingsInput } from '@shared/schemas/audit-settings';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { applyServerErrors, useSubmitOnlyForm } from '@/lib/forms';
import { notify } from '@/lib/toast';
import { useSaveAuditSettings } from '@/api/audit/audit-settings';
import {
  NumberField,
  ListField,
  SwitchField,
  SettingsForm,
  formSchema,
  toForm,
  FIELDS,
  listError,
} from './audit-settings-model';
import { SourcesCard } from './audit-sources-card';

type VersionDialog = { to: '1.0' | '2.0' } | undefined;

export function SettingsFormView({
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
