import { describe, expect, it } from 'vitest';
import { siteVital, vitalLevel, VITAL_LEVEL_NAMES, type WebVitalsPage } from '@shared/web-vitals';

describe('lab Core Web Vitals levels', () => {
  it('LCP: great up to 2.5 s, poor above 4 s', () => {
    expect(vitalLevel('lcp', 1200)).toBe('great');
    expect(vitalLevel('lcp', 2500)).toBe('great');
    expect(vitalLevel('lcp', 2501)).toBe('needs-improvement');
    expect(vitalLevel('lcp', 4000)).toBe('needs-improvement');
    expect(vitalLevel('lcp', 4001)).toBe('poor');
  });

  it('CLS: great up to 0.1, poor above 0.25', () => {
    expect(vitalLevel('cls', 0)).toBe('great');
    expect(vitalLevel('cls', 0.1)).toBe('great');
    expect(vitalLevel('cls', 0.11)).toBe('needs-improvement');
    expect(vitalLevel('cls', 0.25)).toBe('needs-improvement');
    expect(vitalLevel('cls', 0.26)).toBe('poor');
  });

  it("TBT, INP's lab stand-in: great up to 200 ms, poor above 600 ms", () => {
    expect(vitalLevel('tbt', 0)).toBe('great');
    expect(vitalLevel('tbt', 200)).toBe('great');
    expect(vitalLevel('tbt', 201)).toBe('needs-improvement');
    expect(vitalLevel('tbt', 600)).toBe('needs-improvement');
    expect(vitalLevel('tbt', 601)).toBe('poor');
  });

  it('names the levels as the spec does', () => {
    expect(Object.values(VITAL_LEVEL_NAMES)).toEqual(['Great', 'Needs improvement', 'Poor']);
  });

  it("the site's figure is the 75th percentile of the sample, pages without an LCP left out", () => {
    const page = (lcpMs: number | null, cls: number, tbtMs: number): WebVitalsPage => ({ url: 'u', lcpMs, cls, tbtMs });
    const pages = [
      page(1000, 0, 0),
      page(2000, 0.05, 100),
      page(3000, 0.2, 300),
      page(9000, 0.3, 900),
      page(null, 0, 0),
    ];
    expect(siteVital(pages, 'lcp')).toBe(3000);
    expect(siteVital(pages, 'cls')).toBe(0.2);
    expect(siteVital(pages, 'tbt')).toBe(300);
    expect(siteVital([page(null, 0, 0)], 'lcp')).toBeUndefined();
    expect(siteVital([page(1500, 0, 0)], 'lcp')).toBe(1500);
  });
});
