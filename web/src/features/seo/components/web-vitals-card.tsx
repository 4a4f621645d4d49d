import type { auditOverviewSchema } from '@shared/schemas/seo-audit';
import {
  siteVital,
  VITAL_LEVEL_NAMES,
  VITAL_THRESHOLDS,
  vitalLevel,
  type VitalLevel,
  type VitalName,
  type WebVitalsPage,
} from '@shared/web-vitals';
import type { z } from 'zod/mini';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import './web-vitals-card.css';

type Overview = z.infer<typeof auditOverviewSchema>;

const LEVEL_TONE: Record<VitalLevel, 'success' | 'warning' | 'danger'> = {
  great: 'success',
  'needs-improvement': 'warning',
  poor: 'danger',
};

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;
const millis = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;
const shift = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 3 });

const METRICS: { name: VitalName; label: string; full: string; format: (value: number) => string; note: string }[] = [
  {
    name: 'lcp',
    label: 'LCP',
    full: 'Largest Contentful Paint',
    format: seconds,
    note: 'When the main content has loaded.',
  },
  { name: 'cls', label: 'CLS', full: 'Cumulative Layout Shift', format: shift, note: 'How much the page jumps.' },
  {
    name: 'tbt',
    label: 'TBT',
    full: 'Total Blocking Time',
    format: millis,
    note: 'The lab stand-in for INP: how long scripts keep the page from answering.',
  },
];

const bounds = (name: VitalName, format: (value: number) => string) =>
  `Great up to ${format(VITAL_THRESHOLDS[name].great)}, poor above ${format(VITAL_THRESHOLDS[name].poor)}`;

const pageValue = (page: WebVitalsPage, name: VitalName) =>
  name === 'lcp' ? page.lcpMs : name === 'cls' ? page.cls : page.tbtMs;

function Level({ name, value, format }: { name: VitalName; value: number | null; format: (v: number) => string }) {
  if (value === null) return <span className="vitals__none">Not measured</span>;
  const level = vitalLevel(name, value);
  return (
    <span className="vitals__value">
      {format(value)} <Badge tone={LEVEL_TONE[level]}>{VITAL_LEVEL_NAMES[level]}</Badge>
    </span>
  );
}

/** The pages' path, shorter than their whole address; the home page as "/". */
const pathOf = (url: string) => {
  try {
    const { pathname, search } = new URL(url);
    return `${pathname}${search}`;
  } catch {
    return url;
  }
};

/**
 * The Overview's lab Core Web Vitals: the sample's 75th percentile of each, its level, and each
 * page's figures as a table. Shown when the audit rendered JavaScript (or was asked to and could not).
 */
export default function WebVitalsCard({ rendering, webVitals: vitals }: Pick<Overview, 'rendering' | 'webVitals'>) {
  if (!vitals?.pages.length) {
    return (
      <Card title="Core Web Vitals (lab)">
        <p className="audit-note">
          {rendering === 'unavailable'
            ? 'JavaScript rendering was on, but this server has no browser to render with: the audit read the HTML your server sends and measured no Core Web Vitals.'
            : 'No page could be measured in this audit.'}
        </p>
      </Card>
    );
  }
  const device = vitals.device === 'mobile' ? 'a phone' : 'a desktop';
  return (
    <Card
      title="Core Web Vitals (lab)"
      description={`Lab values: measured by our crawler in a browser the size of ${device}, for ${vitals.pages.length === 1 ? 'the home page' : `the home page and ${vitals.pages.length - 1} more`}. Your visitors' own figures (field data) can differ.`}
    >
      <div
        className="vitals"
        role="group"
        aria-label="Core Web Vitals of the site (75th percentile of the pages measured)"
      >
        {METRICS.map(({ name, label, full, format, note }) => {
          const value = siteVital(vitals.pages, name);
          const level = value === undefined ? undefined : vitalLevel(name, value);
          return (
            <div key={name} className={`seo-card seo-tone--${level ? LEVEL_TONE[level] : 'accent'} vitals__metric`}>
              <p className="seo-card__label">
                <abbr title={full}>{label}</abbr> <span className="vitals__full">{full}</span>
              </p>
              <p className="seo-card__value">{value === undefined ? '–' : format(value)}</p>
              {level ? <Badge tone={LEVEL_TONE[level]}>{VITAL_LEVEL_NAMES[level]}</Badge> : null}
              <p className="seo-card__note">
                {note} {bounds(name, format)}.
              </p>
            </div>
          );
        })}
      </div>
      <div className="table-wrap" role="region" aria-label="Core Web Vitals by page" tabIndex={0}>
        <table className="table vitals__table">
          <caption className="visually-hidden">Lab Core Web Vitals of each page measured</caption>
          <thead>
            <tr>
              <th scope="col">Page</th>
              {METRICS.map(({ name, label, full }) => (
                <th key={name} scope="col">
                  <abbr title={full}>{label}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {vitals.pages.map((page) => (
              <tr key={page.url}>
                <th scope="row" className="vitals__page" title={page.url}>
                  {pathOf(page.url)}
                </th>
                {METRICS.map(({ name, format }) => (
                  <td key={name}>
                    <Level name={name} value={pageValue(page, name)} format={format} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
