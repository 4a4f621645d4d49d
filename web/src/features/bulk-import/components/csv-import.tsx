import { PLATFORM_LABELS, type Platform } from '@shared/platforms';
import { IMPORT_TEMPLATE, type ImportAction, type ImportReport, type ImportResult } from '@shared/schemas/post-import';
import { Download, Upload } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { JobProgress } from '@/components/ui/job-progress';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatDateTime, formatInZone, viewerZone } from '@/lib/format-date';
import { notify } from '@/lib/toast';
import { useCheckImport, useImports, useRunImport, useUndoImport } from '@/api/imports/csv-import';

/** The template as a file the browser saves: made here from the shared constant, so it matches the parser. */
function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([IMPORT_TEMPLATE], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'posts-import-template.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// The report names only platforms it recognised (an unknown name is the row's error).
const platformNames = (platforms: string[]) => platforms.map((p) => PLATFORM_LABELS[p as Platform]).join(', ') || '—';

function ReportTable({ report, zone }: { report: ImportReport; zone: string }) {
  return (
    <div className="table-wrap import-report" role="region" aria-label="Rows of the file" tabIndex={0}>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Platforms</th>
            <th scope="col">When</th>
            <th scope="col">Check</th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.row} className={row.errors.length ? 'import-report__bad' : undefined}>
              <td>
                {row.row}
                <span className="import-report__line"> (line {row.line})</span>
              </td>
              <td>{platformNames(row.platforms)}</td>
              <td>{row.scheduledAt ? formatInZone(row.scheduledAt, 'EEE d MMM yy, HH:mm', zone) : 'No date'}</td>
              <td>
                {row.errors.length === 0 && row.warnings.length === 0 ? <Badge tone="success">Ready</Badge> : null}
                <ul className="import-report__notes">
                  {row.errors.map((message) => (
                    <li key={message} className="import-report__error">
                      {message}
                    </li>
                  ))}
                  {row.warnings.map((message) => (
                    <li key={message} className="import-report__warning">
                      <span className="visually-hidden">Warning: </span>
                      {message}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Outcome({ result }: { result: ImportResult }) {
  return (
    <Alert
      type="success"
      title={`${result.posts} post${result.posts === 1 ? '' : 's'} imported.`}
      action={
        <Link className="btn btn--secondary btn--sm" to="/calendar">
          See them on the calendar
        </Link>
      }
    />
  );
}

/**
 * Upload a CSV, read the server's per-row report, then confirm: nothing is created until the
 * whole file passes, and then by a job whose steps show here.
 */
export function CsvImport() {
  const zone = viewerZone();
  const inputId = useId();
  const [csv, setCsv] = useState<{ name: string; text: string } | undefined>();
  const [action, setAction] = useState<ImportAction>('schedule');
  const check = useCheckImport();
  const importJob = useRunImport();

  const runCheck = (text: string, nextAction: ImportAction) => {
    importJob.reset();
    check.mutate({ csv: text, zone, action: nextAction });
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    setCsv({ name: file.name, text });
    runCheck(text, action);
  };
  const onAction = (next: ImportAction) => {
    setAction(next);
    if (csv) runCheck(csv.text, next);
  };
  const report = check.data;
  const bad = report?.rows.filter((r) => r.errors.length).length ?? 0;
  const warned = report?.rows.filter((r) => r.warnings.length).length ?? 0;

  return (
    <Card
      title="From a CSV file"
      description={`One row per post: platforms, copy, blog title, media URLs, date and time (read in ${zone}). Every row is checked before anything is created.`}
      actions={
        <Button variant="secondary" icon={<Download size={16} aria-hidden />} onClick={downloadTemplate}>
          Download template
        </Button>
      }
    >
      <div className="import-form">
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void onFile(event)}
        />
        <label htmlFor={inputId} className="btn btn--primary btn--md import-form__file">
          <Upload size={16} aria-hidden /> {csv ? 'Choose another file' : 'Choose a CSV file'}
        </label>
        {csv ? <span className="import-form__name">{csv.name}</span> : null}
        <fieldset className="import-form__action">
          <legend className="visually-hidden">What to do with the posts</legend>
          <label>
            <input
              type="radio"
              name="import-action"
              checked={action === 'schedule'}
              onChange={() => onAction('schedule')}
            />{' '}
            Schedule them at their times
          </label>
          <label>
            <input type="radio" name="import-action" checked={action === 'save'} onChange={() => onAction('save')} />{' '}
            Save them as drafts
          </label>
        </fieldset>
      </div>

      {check.isPending ? <JobProgress title="Checking the file" step="Reading every row" /> : null}
      {check.isError ? (
        <Alert type="error" title="This file cannot be imported">
          {errorMessage(check.error)}
        </Alert>
      ) : null}
      {report ? (
        <>
          {bad ? (
            <Alert type="error" title={`${bad} row${bad === 1 ? ' has' : 's have'} problems`}>
              Nothing will be imported until every row is fixed. Fix the file and choose it again.
            </Alert>
          ) : (
            <Alert type="info" title={`${report.rows.length} rows are ready: ${report.posts} posts`}>
              {warned
                ? `${warned} row${warned === 1 ? ' repeats' : 's repeat'} copy already scheduled: see the warnings.`
                : null}
            </Alert>
          )}
          <ReportTable report={report} zone={zone} />
          {importJob.isPending ? <JobProgress title="Importing" step={importJob.step} /> : null}
          {importJob.isError ? (
            <Alert type="error" title="Nothing was imported">
              {errorMessage(importJob.error)}
              {isApiError(importJob.error, 422) ? ' Fix the file and choose it again.' : null}
            </Alert>
          ) : null}
          {importJob.data ? <Outcome result={importJob.data} /> : null}
          {!importJob.data ? (
            <div className="import-form__confirm">
              <Button
                disabled={!report.valid || !csv}
                pending={importJob.isPending}
                onClick={() => csv && void importJob.run({ csv: csv.text, zone, action }).catch(() => undefined)}
              >
                {action === 'schedule' ? `Import and schedule ${report.posts} posts` : `Import ${report.posts} drafts`}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
      <EarlierImports zone={zone} />
    </Card>
  );
}

function EarlierImports({ zone }: { zone: string }) {
  const imports = useImports();
  const undo = useUndoImport();
  const confirm = useConfirm();
  if (!imports.data?.length) return null;
  const onUndo = async (id: string, posts: number) => {
    const ok = await confirm({
      title: 'Undo this import?',
      description: `Its ${posts} posts that are still drafts or scheduled will be deleted. Published posts stay.`,
      confirmLabel: 'Undo import',
      destructive: true,
    });
    if (!ok) return;
    undo.mutate(id, {
      onSuccess: ({ deleted }) => notify.success(`${deleted} post${deleted === 1 ? '' : 's'} deleted.`),
      onError: (error) => notify.error(errorMessage(error)),
    });
  };
  return (
    <div className="import-history">
      <h3 className="import-history__title">Earlier imports</h3>
      <ul>
        {imports.data.map((item) => (
          <li key={item.id}>
            <span>
              {formatDateTime(item.createdAt, zone)}: {item.rows} rows, {item.posts} posts{' '}
              <Badge tone={item.status === 'imported' ? 'success' : item.status === 'failed' ? 'danger' : 'warning'}>
                {item.status === 'importing' ? 'Stopped half way: choose the file again to finish' : item.status}
              </Badge>
              {item.failure ? <span className="import-history__failure"> {item.failure}</span> : null}
            </span>
            {item.status !== 'failed' ? (
              <Button variant="ghost" size="sm" onClick={() => void onUndo(item.id, item.posts)}>
                Undo
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
