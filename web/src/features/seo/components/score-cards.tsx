import type { SeoReport } from '@shared/schemas/seo';
import { healthBand } from '@shared/seo-health';
import '../seo-score.css';

const bandTone: Record<string, string> = {
  Excellent: 'success',
  Strong: 'success',
  Decent: 'accent',
  Mediocre: 'warning',
  Poor: 'danger',
};

/** The header cards (spec 01 §2): Overall Score out of 100, Errors Found, Improvements (notices), Warnings. */
export function ScoreCards({ report }: { report: SeoReport }) {
  const score = report.weighted_score_percent;
  const band = healthBand(score);
  return (
    <div className="seo-cards">
      <section
        className={`seo-card seo-card--score seo-tone--${bandTone[band] ?? 'accent'}`}
        aria-labelledby="seo-score-title"
      >
        <h2 id="seo-score-title" className="seo-card__label">
          Overall Score
        </h2>
        <div className="seo-score" style={{ ['--score' as string]: `${score}` }}>
          <p className="seo-score__value">
            {score}
            <span className="seo-score__out-of">/100</span>
          </p>
        </div>
        <p className="seo-card__note">
          <span className="seo-band">{band}</span> · {report.pages_crawled} pages checked
          {report.partial ? ' before the audit was stopped (partial report)' : ''}
        </p>
      </section>
      <Count title="Errors Found" value={report.total_errors} tone="danger" note="Fix these first" />
      <Count title="Warnings" value={report.total_warnings} tone="warning" note="Worth fixing soon" />
      <Count title="Improvements" value={report.total_notices} tone="info" note="Nice to have" />
    </div>
  );
}

function Count({ title, value, tone, note }: { title: string; value: number; tone: string; note: string }) {
  const id = `seo-count-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className={`seo-card seo-tone--${tone}`} aria-labelledby={id}>
      <h2 id={id} className="seo-card__label">
        {title}
      </h2>
      <p className="seo-card__value">{value.toLocaleString('en-US')}</p>
      <p className="seo-card__note">{note}</p>
    </section>
  );
}
