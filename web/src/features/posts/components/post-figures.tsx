import { ANALYTICS_PLATFORMS, POST_COUNTS, POST_FIGURE_DAYS, type PostFigures } from '@shared/schemas/post-analytics';
import type { Post } from '@shared/schemas/calendar';
import { Eye, Heart, MessageCircle, Share2, Sparkles, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Chart } from '@/components/charts/chart';
import type { ChartDrawing } from '@/components/charts/chart-spec';
import { DataTableButton } from '@/components/charts/data-table-button';
import { SubscriptionRequired } from '@/components/subscription-required';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Metric } from '@/components/ui/metric';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatInZone, viewerZone } from '@/lib/format-date';
import { formatCount } from '@/api/reports/report-figures';
import { usePostFigures } from '@/api/reports/post-analytics';
import '@/components/charts/figures-table.css';
import './post-figures.css';

const SERIES = [
  { key: 'likes', label: 'Likes' },
  { key: 'comments', label: 'Comments' },
  { key: 'shares', label: 'Shares' },
] as const;

const hasFigures = (post: Post) =>
  post.status === 'published' && (ANALYTICS_PLATFORMS as readonly string[]).includes(post.platform);

/** The counts the post's platform measures: WordPress's are its comments alone (its 0 likes are no measurement). */
const seriesOf = (figures: PostFigures) => SERIES.filter(({ key }) => POST_COUNTS[figures.platform].includes(key));

/** Each measured count by day: a line each, the days counted from publishing. */
function figuresDrawing(figures: PostFigures, zone: string): ChartDrawing {
  return {
    kind: 'line',
    labels: figures.readings.map((r) => formatInZone(r.at, 'd MMM', zone)),
    series: seriesOf(figures).map(({ key, label }) => ({
      className: `post-figures__series--${key}`,
      values: figures.readings.map((r) => r[key]),
      titles: figures.readings.map((r) => `${label}, ${formatInZone(r.at, 'EEE d MMM', zone)}: ${formatCount(r[key])}`),
    })),
    className: 'post-figures__lines',
    area: false,
    pointSpacing: 18,
    // The dates held inside the chart: the last day's would be cut at its right edge.
    centredLabelWidth: 48,
    labelSpacing: 12,
    keepLabel: 'last',
    valueAxis: { scale: 'counts' },
  };
}

/** Words in a list: "a", "a and b", "a, b and c". */
const listed = (words: string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;

function describe(figures: PostFigures) {
  const days = figures.readings.length;
  const series = seriesOf(figures);
  const names = listed(series.map(({ label }) => label.toLowerCase()));
  const counts = listed(series.map(({ key, label }) => `${formatCount(figures[key])} ${label.toLowerCase()}`));
  return `${names.charAt(0).toUpperCase()}${names.slice(1)} over the post's first ${days} ${days === 1 ? 'day' : 'days'}: ${counts} at the last reading.`;
}

/** Every reading: its day, and the platform's figures at that day. */
function ReadingsTable({ id, figures, zone }: { id: string; figures: PostFigures; zone: string }) {
  const series = seriesOf(figures);
  const impressions = figures.readings.some((r) => r.impressions !== null);
  const reach = figures.readings.some((r) => r.reach !== null);
  return (
    // A narrow screen scrolls the table sideways: a keyboard must reach it to scroll (axe's scrollable-region-focusable).
    <div className="table-wrap figures-table" id={id} role="region" aria-label="Figures by day" tabIndex={0}>
      <table className="table post-figures__table">
        <caption className="visually-hidden">The post's figures at each day's reading</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {series.map(({ key, label }) => (
              <th key={key} scope="col" className="post-figures__number">
                {label}
              </th>
            ))}
            {impressions ? (
              <th scope="col" className="post-figures__number">
                Impressions
              </th>
            ) : null}
            {reach ? (
              <th scope="col" className="post-figures__number">
                Reach
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {figures.readings.map((r) => (
            <tr key={r.day}>
              <th scope="row">
                Day {r.day + 1} · {formatInZone(r.at, 'EEE d MMM', zone)}
              </th>
              {series.map(({ key }) => (
                <td key={key} className="post-figures__number">
                  {formatCount(r[key])}
                </td>
              ))}
              {impressions ? (
                <td className="post-figures__number">{r.impressions === null ? '—' : formatCount(r.impressions)}</td>
              ) : null}
              {reach ? <td className="post-figures__number">{r.reach === null ? '—' : formatCount(r.reach)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Figures({ figures }: { figures: PostFigures }) {
  const zone = viewerZone();
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  if (figures.readings.length === 0) {
    return (
      <p className="muted post-figures__note">
        The first figures come with the next daily collection, the day after publishing at the latest.
      </p>
    );
  }
  const days = figures.readings.length;
  const measured = POST_COUNTS[figures.platform];
  return (
    <div className="post-figures">
      <div className="post-figures__metrics" role="group" aria-label="Figures at the last reading">
        <Metric icon={Sparkles} label="Engagement" value={formatCount(figures.engagement)} />
        {measured.includes('likes') ? <Metric icon={Heart} label="Likes" value={formatCount(figures.likes)} /> : null}
        <Metric icon={MessageCircle} label="Comments" value={formatCount(figures.comments)} />
        {measured.includes('shares') ? (
          <Metric icon={Share2} label="Shares" value={formatCount(figures.shares)} />
        ) : null}
        {figures.impressions !== null ? (
          <Metric icon={Eye} label="Impressions" value={formatCount(figures.impressions)} />
        ) : null}
        {figures.reach !== null ? <Metric icon={Users} label="Reach" value={formatCount(figures.reach)} /> : null}
      </div>
      {days > 1 ? (
        <>
          <ul className="post-figures__legend" aria-label="Lines in the chart">
            {seriesOf(figures).map(({ key, label }) => (
              <li key={key}>
                <span className={`post-figures__swatch post-figures__swatch--${key}`} aria-hidden />
                {label}
              </li>
            ))}
          </ul>
          <Chart
            className="post-figures__chart"
            placeholderClassName="post-figures__placeholder"
            label={describe(figures)}
            drawing={figuresDrawing(figures, zone)}
          />
        </>
      ) : null}
      <div className="post-figures__footer">
        <span className="muted">
          {figures.frozen
            ? `Final: read daily over its first ${POST_FIGURE_DAYS} days.`
            : `Read daily for its first ${POST_FIGURE_DAYS} days: day ${days} of ${POST_FIGURE_DAYS}.`}
        </span>
        <DataTableButton shown={tableShown} table={tableId} onToggle={() => setTableShown((shown) => !shown)} />
      </div>
      {tableShown ? <ReadingsTable id={tableId} figures={figures} zone={zone} /> : null}
    </div>
  );
}

/** A published post's results on its platform (the post page's extras): its figures and their days. */
export function PostFiguresCard({ post }: { post: Post }) {
  const shown = hasFigures(post);
  const figures = usePostFigures(post.id, shown);
  if (!shown) return null;
  let body;
  if (figures.locked) {
    body = (
      <SubscriptionRequired compact>
        A post's likes, comments, shares and reach come with a paid plan, as scheduling does.
      </SubscriptionRequired>
    );
  } else if (figures.error) {
    body = <Alert type="error">{errorMessage(figures.error)}</Alert>;
  } else if (!figures.data) {
    body = <Spinner label="Loading the post's figures" />;
  } else {
    body = <Figures figures={figures.data} />;
  }
  return (
    <Card title="Results" description="What this post drew on its platform." aria-label="Results">
      {body}
    </Card>
  );
}
