import { auditSettingsMessages as M, URL_LIST_MAX_BYTES, type AuditSettings } from '@shared/schemas/audit-settings';
import { useState, type ChangeEvent } from 'react';
import { Card } from '@/components/ui/card';
import { Checkbox, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useUploadUrlList } from '@/api/audit/audit-settings';
import { Form } from './audit-settings-model';

/** Where the audit finds pages: the site's links always, and the sources the company turns on. */
export function SourcesCard({
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
