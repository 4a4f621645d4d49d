import type { WebVitalsPage } from './schemas/web-vitals';

/**
 * Lab Core Web Vitals of a website audit: measured by the crawler in headless Chromium at the
 * audit's device, for a sample of pages. Lab values, not field data: INP needs real people's
 * clicks, so Total Blocking Time (the main thread's blocked time while the page loads) stands
 * in for it, as in Lighthouse.
 */

export type { AuditDevice, AuditWebVitals, WebVitalsPage } from './schemas/web-vitals';

/** Spec 02 §9's level names. */
export type VitalLevel = 'great' | 'needs-improvement' | 'poor';
export const VITAL_LEVEL_NAMES: Record<VitalLevel, string> = {
  great: 'Great',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

export type VitalName = 'lcp' | 'cls' | 'tbt';

/**
 * Great up to `great`, poor above `poor`. LCP and CLS are Google's Core Web Vitals thresholds
 * (spec 02 §9: LCP target 2.5 s); TBT's are Lighthouse's for a mobile run, the lab stand-in for
 * INP's 200 ms target.
 */
export const VITAL_THRESHOLDS: Record<VitalName, { great: number; poor: number }> = {
  lcp: { great: 2500, poor: 4000 },
  cls: { great: 0.1, poor: 0.25 },
  tbt: { great: 200, poor: 600 },
};

export function vitalLevel(name: VitalName, value: number): VitalLevel {
  const { great, poor } = VITAL_THRESHOLDS[name];
  if (value <= great) return 'great';
  return value > poor ? 'poor' : 'needs-improvement';
}

/** The sample: the start page and up to this many others. */
export const VITALS_SAMPLE_PAGES = 11;

/**
 * The site's figure for one metric: the 75th percentile of the sampled pages (as Google judges a
 * site's field data), or undefined when no page measured it.
 */
export function siteVital(pages: readonly WebVitalsPage[], name: VitalName): number | undefined {
  const values = pages
    .map((page) => (name === 'lcp' ? page.lcpMs : name === 'cls' ? page.cls : page.tbtMs))
    .filter((value): value is number => value !== null)
    .sort((a, b) => a - b);
  if (values.length === 0) return undefined;
  return values[Math.min(values.length - 1, Math.ceil(values.length * 0.75) - 1)];
}
