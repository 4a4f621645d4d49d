import { seoAuditDownloadContracts as contracts } from '@shared/contracts/seo-audit-downloads';
import { SITEMAP_DEFAULTS } from '@shared/schemas/seo-audit-downloads';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ReportDownloadDialog from '@/features/seo/components/report-download-dialog';
import SitemapDialog from '@/features/seo/components/sitemap-dialog';
import type { FakeApi } from '../support/fake-api';
import { renderPage } from '../support/render';

/** The server still building the file: the dialog stays on its form. */
const building = (api: FakeApi) =>
  api
    .on(contracts.reportDownload, () => new Promise<never>(() => undefined))
    .on(contracts.sitemap, () => new Promise<never>(() => undefined));

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('the Download report dialog', () => {
  it('asks for at least one kind of page, and sends nothing until it has one', async () => {
    const { user, api } = renderPage(<ReportDownloadDialog auditId="a1" onClose={() => undefined} />, {
      answers: building,
    });
    for (const label of ['Pages with errors', 'Pages with warnings', 'Pages with notices'])
      await user.click(await screen.findByLabelText(label));
    await user.click(screen.getByRole('button', { name: 'Prepare file' }));
    expect(alerts()).toEqual(['Choose at least one kind of page to include.']);
    expect(api.sent(contracts.reportDownload)).toEqual([]);

    await user.click(screen.getByLabelText('Pages with no issues'));
    await user.click(screen.getByLabelText(/^Excel/));
    await user.click(screen.getByRole('button', { name: 'Prepare file' }));
    await vi.waitFor(() =>
      expect(api.bodies(contracts.reportDownload)).toEqual([
        {
          format: 'xlsx',
          pages: { errors: false, warnings: false, notices: false, noIssues: true },
          descriptions: { issue: true, resolve: true, section: false },
        },
      ]),
    );
    expect(alerts()).toEqual([]);
  });
});

describe('the Generate sitemap dialog', () => {
  it('asks for a real day when the day is one of my choice, and sends the day only then', async () => {
    const { user, api } = renderPage(<SitemapDialog auditId="a1" onClose={() => undefined} />, { answers: building });
    await user.click(await screen.findByLabelText('A day of my choice'));
    await user.clear(screen.getByLabelText('Last-modified day'));
    await user.click(screen.getByRole('button', { name: 'Generate sitemap' }));
    expect(alerts()).toEqual(['Enter the last-modified date as YYYY-MM-DD.']);
    expect(api.sent(contracts.sitemap)).toEqual([]);

    await user.type(screen.getByLabelText('Last-modified day'), '2026-01-15');
    await user.click(screen.getByRole('button', { name: 'Generate sitemap' }));
    const depths = SITEMAP_DEFAULTS.depths.map((d) => ({ ...d }));
    await vi.waitFor(() =>
      expect(api.bodies(contracts.sitemap)).toEqual([
        { pageTypes: ['pages'], depths, lastmod: { mode: 'custom', date: '2026-01-15' } },
      ]),
    );
    expect(alerts()).toEqual([]);
  });

  it("sends the audit's day without a date of its own by default", async () => {
    const { user, api } = renderPage(<SitemapDialog auditId="a1" onClose={() => undefined} />, { answers: building });
    await user.click(await screen.findByRole('button', { name: 'Generate sitemap' }));
    const depths = SITEMAP_DEFAULTS.depths.map((d) => ({ ...d }));
    await vi.waitFor(() =>
      expect(api.bodies(contracts.sitemap)).toEqual([{ pageTypes: ['pages'], depths, lastmod: { mode: 'audit' } }]),
    );
  });
});
