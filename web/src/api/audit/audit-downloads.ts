import { seoAuditDownloadContracts } from '@shared/contracts/seo-audit-downloads';
import type { ReportDownloadOptions, SitemapOptions } from '@shared/schemas/seo-audit-downloads';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** Build the audit's report file (CSV or XLSX) with the options chosen; answers its download address. */
export const useReportDownload = (auditId: string) =>
  useMutation({
    mutationFn: (options: ReportDownloadOptions) =>
      call(seoAuditDownloadContracts.reportDownload, { params: { auditId }, body: options }),
  });

/** Generate the audit's sitemap with the options chosen; answers the files' download addresses. */
export const useSitemapDownload = (auditId: string) =>
  useMutation({
    mutationFn: (options: SitemapOptions) =>
      call(seoAuditDownloadContracts.sitemap, { params: { auditId }, body: options }),
  });
