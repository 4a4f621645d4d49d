import { rootKeys } from '@/lib/query-keys';

/** The SEO report and keywords, under the company family so a company switch drops them. */
export const seoKeys = {
  report: [...rootKeys.company, 'seo-report'] as const,
  issue: (check: string) => [...seoKeys.report, 'issue', check] as const,
  ownership: [...rootKeys.company, 'seo-site-ownership'] as const,
  keywords: [...rootKeys.company, 'seo-keywords'] as const,
};
