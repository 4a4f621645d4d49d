import {
  CHANGE_FREQUENCIES,
  SITEMAP_DEFAULTS,
  sitemapOptionsSchema,
  type SitemapOptions,
} from '@shared/schemas/seo-audit-downloads';
import { Download } from 'lucide-react';
import { z } from 'zod/mini';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox, TextField } from '@/components/ui/field';
import { useSubmitOnlyForm } from '@/lib/forms';
import { useSitemapDownload } from '@/api/audit/audit-downloads';
import { DownloadFormFooter } from './download-form-footer';
import './audit-downloads.css';

const DEPTH_LABELS = ['Home page', 'Depth 1', 'Depth 2', 'Depth 3', 'Depth 4', 'Depth 5 and deeper'];
/** Spec 02 §9: priority 0.1 to 1, offered in steps of 0.1. */
const PRIORITIES = Array.from({ length: 10 }, (_, i) => (i + 1) / 10);
const LASTMOD_CHOICES: { mode: SitemapOptions['lastmod']['mode']; label: string }[] = [
  { mode: 'audit', label: 'The day of this audit' },
  { mode: 'custom', label: 'A day of my choice' },
  { mode: 'none', label: 'Leave it out' },
];

/** The dialog's options as the server takes them: the day goes only with "A day of my choice". */
const sitemapFormSchema = z.pipe(
  z.transform((options: SitemapOptions): SitemapOptions => {
    const { mode, date } = options.lastmod;
    return { ...options, lastmod: mode === 'custom' ? { mode, date } : { mode } };
  }),
  sitemapOptionsSchema,
);

/**
 * The Generate sitemap dialog (spec 02 §3 "Sitemap generation"): page types, change frequency
 * and priority per crawl depth, and the last-modified date. The server lists the audit's
 * indexable pages; the dialog then offers the file, or the index and its parts past 50,000 URLs.
 */
export default function SitemapDialog({ auditId, onClose }: { auditId: string; onClose: () => void }) {
  const form = useSubmitOnlyForm<SitemapOptions, SitemapOptions>(sitemapFormSchema, {
    pageTypes: [...SITEMAP_DEFAULTS.pageTypes],
    depths: SITEMAP_DEFAULTS.depths.map((d) => ({ ...d })),
    lastmod: { mode: 'audit', date: new Date().toISOString().slice(0, 10) },
  });
  const pageTypes = form.bind('pageTypes');
  const depths = form.bind('depths');
  const lastmod = form.values.lastmod;
  const setLastmod = (next: SitemapOptions['lastmod']) => form.setValue('lastmod', next);
  const generate = useSitemapDownload(auditId);
  const ready = generate.data;

  const setDepth = (level: number, change: Partial<SitemapOptions['depths'][number]>) =>
    depths.onChange(depths.value.map((d, i) => (i === level ? { ...d, ...change } : d)));

  const submit = form.handleSubmit((options) => generate.mutate(options));

  return (
    <Dialog
      title="Generate sitemap"
      description="An XML sitemap of the pages search engines may index: those that answered 200, not noindex and not pointing to another page as their original."
      onClose={onClose}
      className="download-dialog download-dialog--wide"
    >
      {ready ? (
        <div className="download-ready">
          <Alert type="success" title="Your sitemap is ready">
            {ready.urls.toLocaleString('en-US')} {ready.urls === 1 ? 'page' : 'pages'}.{' '}
            {ready.index
              ? `Over 50,000 pages or 50 MB, so it is split: upload all ${ready.files.length} files to your site's root and submit sitemap.xml, the index, to search engines.`
              : "Upload it to your site's root and submit it in Google Search Console."}{' '}
            The links work for a few minutes.
          </Alert>
          <ul className="download-files">
            {ready.files.map((file) => (
              <li key={file.name}>
                <a href={file.url} download={file.name}>
                  <Download size={16} aria-hidden /> {file.name}
                </a>
                <span className="download-files__note">
                  {file.urls ? `${file.urls.toLocaleString('en-US')} pages` : 'the index'}
                </span>
              </li>
            ))}
          </ul>
          <div className="dialog__actions">
            <Button variant="secondary" onClick={() => generate.reset()}>
              Change options
            </Button>
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="download-form">
          <fieldset className="download-form__group">
            <legend className="field__label">Page types</legend>
            <Checkbox label="Indexable pages" checked disabled hint="Always in the sitemap." />
            <Checkbox
              label="Images on those pages"
              hint="Adds each page's images, which helps them show in image search."
              checked={pageTypes.value.includes('images')}
              onChange={(e) => pageTypes.onChange(e.target.checked ? ['pages', 'images'] : ['pages'])}
            />
          </fieldset>
          <div className="download-form__group">
            <table className="depth-table">
              <caption className="field__label">Change frequency and priority by depth</caption>
              <thead>
                <tr>
                  <th scope="col">Pages</th>
                  <th scope="col">Change frequency</th>
                  <th scope="col">Priority</th>
                </tr>
              </thead>
              <tbody>
                {depths.value.map((depth, level) => (
                  <tr key={DEPTH_LABELS[level]}>
                    <th scope="row">{DEPTH_LABELS[level]}</th>
                    <td>
                      <select
                        className="input select"
                        aria-label={`${DEPTH_LABELS[level]}: change frequency`}
                        value={depth.changefreq}
                        onChange={(e) =>
                          setDepth(level, { changefreq: e.target.value as (typeof CHANGE_FREQUENCIES)[number] })
                        }
                      >
                        {CHANGE_FREQUENCIES.map((f) => (
                          <option key={f} value={f}>
                            {f}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <select
                        className="input select"
                        aria-label={`${DEPTH_LABELS[level]}: priority`}
                        value={depth.priority}
                        onChange={(e) => setDepth(level, { priority: Number(e.target.value) })}
                      >
                        {PRIORITIES.map((p) => (
                          <option key={p} value={p}>
                            {p.toFixed(1)}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <fieldset className="download-form__group">
            <legend className="field__label">Last modified</legend>
            {LASTMOD_CHOICES.map(({ mode, label }) => (
              <label key={mode} className="download-form__choice">
                <input
                  type="radio"
                  name="lastmod"
                  value={mode}
                  checked={lastmod.mode === mode}
                  onChange={() => setLastmod({ ...lastmod, mode })}
                />
                {label}
              </label>
            ))}
            {lastmod.mode === 'custom' ? (
              <TextField
                label="Last-modified day"
                type="date"
                value={lastmod.date ?? ''}
                error={form.errors['lastmod.date']}
                onChange={(e) => setLastmod({ mode: 'custom', date: e.target.value })}
              />
            ) : null}
          </fieldset>
          <DownloadFormFooter
            error={generate.error}
            pending={generate.isPending}
            onCancel={onClose}
            label="Generate sitemap"
            pendingLabel="Generating…"
          />
        </form>
      )}
    </Dialog>
  );
}
