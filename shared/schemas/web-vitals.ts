import { z } from 'zod/mini';

/** Lab Core Web Vitals as an audit keeps them (their levels: shared/web-vitals.ts). */

const AUDIT_DEVICES = ['desktop', 'mobile'] as const;
export type AuditDevice = (typeof AUDIT_DEVICES)[number];

const webVitalsPageSchema = z.object({
  url: z.string(),
  /** Milliseconds; null when the page painted no contentful element. */
  lcpMs: z.nullable(z.number()),
  cls: z.number(),
  tbtMs: z.number(),
});
export type WebVitalsPage = z.infer<typeof webVitalsPageSchema>;

/** What an audit kept of its lab measurements. */
export const auditWebVitalsSchema = z.object({
  device: z.enum(AUDIT_DEVICES),
  pages: z.array(webVitalsPageSchema),
});
export type AuditWebVitals = z.infer<typeof auditWebVitalsSchema>;
