import {
  downloadMessages,
  EXPORT_ROW_LIMITS,
  reportDownloadSchema,
  type ExportFormat,
  type ReportDownloadOptions,
} from '@shared/schemas/seo-audit-downloads';
import { Download } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox } from '@/components/ui/field';
import { useSubmitOnlyForm } from '@/lib/forms';
import { useReportDownload } from '@/api/audit/audit-downloads';
import { DownloadFormFooter } from './download-form-footer';
import './audit-downloads.css';

const PAGE_KINDS: { key: keyof ReportDownloadOptions['pages']; label: string }[] = [
  { key: 'errors', label: 'Pages with errors' },
  { key: 'warnings', label: 'Pages with warnings' },
  { key: 'notices', label: 'Pages with notices' },
  { key: 'noIssues', label: 'Pages with no issues' },
];
const TEXTS: { key: keyof ReportDownloadOptions['descriptions']; label: string }[] = [
  { key: 'issue', label: 'Issue descriptions' },
  { key: 'resolve', label: 'How to resolve each issue' },
  { key: 'section', label: 'Section descriptions' },
];
const FORMATS: { value: ExportFormat; label: string }[] = [
  { value: 'csv', label: `CSV, up to ${EXPORT_ROW_LIMITS.csv.toLocaleString('en-US')} rows` },
  { value: 'xlsx', label: `Excel (XLSX), up to ${EXPORT_ROW_LIMITS.xlsx.toLocaleString('en-US')} rows` },
];

const bytesText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The Download report dialog (spec 02 §2, §9 "Download options"): which pages (with errors,
 * warnings, notices or no issues), which texts go with each issue, and the file's format. The
 * server builds the file; the dialog then offers it, saying when the format's row limit cut it.
 */
export default function ReportDownloadDialog({ auditId, onClose }: { auditId: string; onClose: () => void }) {
  const form = useSubmitOnlyForm<ReportDownloadOptions, ReportDownloadOptions>(reportDownloadSchema, {
    format: 'csv',
    pages: { errors: true, warnings: true, notices: true, noIssues: false },
    descriptions: { issue: true, resolve: true, section: false },
  });
  const pages = form.bind('pages');
  const descriptions = form.bind('descriptions');
  const format = form.bind('format');
  const build = useReportDownload(auditId);
  const ready = build.data;
  const submit = form.handleSubmit((options) => build.mutate(options));

  return (
    <Dialog
      title="Download report"
      description="A spreadsheet of the audit's issues, one row per page and issue."
      onClose={onClose}
      className="download-dialog"
    >
      {ready ? (
        <div className="download-ready">
          <Alert type="success" title="Your report is ready">
            <span className="download-ready__name">{ready.file.name}</span>: {ready.rows.toLocaleString('en-US')}{' '}
            {ready.rows === 1 ? 'row' : 'rows'}, {bytesText(ready.file.bytes)}. The link works for a few minutes.
          </Alert>
          {ready.truncated ? (
            <Alert type="warning" title="Not every row fits">
              {downloadMessages.truncated(ready.limit, ready.total, ready.format)}{' '}
              {ready.format === 'xlsx'
                ? 'Choose CSV for up to 100,000 rows, or fewer kinds of pages.'
                : 'Choose fewer kinds of pages.'}
            </Alert>
          ) : null}
          <div className="dialog__actions">
            <Button variant="secondary" onClick={() => build.reset()}>
              Change options
            </Button>
            <a className="btn btn--primary btn--md" href={ready.file.url} download={ready.file.name}>
              <Download size={16} aria-hidden /> Download file
            </a>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="download-form">
          <fieldset className="download-form__group">
            <legend className="field__label">Include</legend>
            {PAGE_KINDS.map(({ key, label }, i) => (
              <Checkbox
                key={key}
                ref={i === 0 ? pages.inputRef : undefined}
                label={label}
                checked={pages.value[key]}
                onChange={(e) => pages.onChange({ ...pages.value, [key]: e.target.checked })}
              />
            ))}
            {form.errors.pages ? (
              <p className="field__error" role="alert">
                {form.errors.pages}
              </p>
            ) : null}
          </fieldset>
          <fieldset className="download-form__group">
            <legend className="field__label">With each issue</legend>
            {TEXTS.map(({ key, label }) => (
              <Checkbox
                key={key}
                label={label}
                checked={descriptions.value[key]}
                onChange={(e) => descriptions.onChange({ ...descriptions.value, [key]: e.target.checked })}
              />
            ))}
          </fieldset>
          <fieldset className="download-form__group">
            <legend className="field__label">Format</legend>
            {FORMATS.map(({ value, label }) => (
              <label key={value} className="download-form__choice">
                <input
                  type="radio"
                  name="format"
                  value={value}
                  checked={format.value === value}
                  onChange={() => format.onChange(value)}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <DownloadFormFooter
            error={build.error}
            pending={build.isPending}
            onCancel={onClose}
            label="Prepare file"
            pendingLabel="Preparing…"
          />
        </form>
      )}
    </Dialog>
  );
}
