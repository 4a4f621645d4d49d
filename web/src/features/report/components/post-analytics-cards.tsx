import { PLATFORM_LABELS } from '@shared/platforms';
import {
  ANALYTICS_PLATFORMS,
  BEST_TIMES_PLATFORMS,
  POST_COUNTS,
  type AnalyticsPlatform,
  type BestTimesCell,
  type BestTimesPlatform,
  type PlatformBestTimes,
  type TopPost,
  type TopPostSort,
} from '@shared/schemas/post-analytics';
import type { ReportPlatform } from '@shared/schemas/reports';
import { ArrowDown } from 'lucide-react';
import { useId, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { DataTableButton } from '@/components/charts/data-table-button';
import { SubscriptionRequired } from '@/components/subscription-required';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatInZone, viewerZone } from '@/lib/format-date';
import { formatCount } from '@/api/reports/report-figures';
import { useBestTimes, useTopPosts } from '@/api/reports/post-analytics';
import { daysName, periodName, type ReportRange } from '../report-data';
import '@/components/charts/figures-table.css';
import './post-analytics-cards.css';

/** The report's chosen platforms with posts figures; WordPress is no report toggle, so it comes with All. */
const analyticsOf = (platforms: readonly ReportPlatform[], all: boolean): AnalyticsPlatform[] =>
  ANALYTICS_PLATFORMS.filter((p) => (p === 'wordpress' ? all : platforms.includes(p)));

/** One platform of the report's chosen ones at a time; `value` falls back to the first. */
function PlatformPicker<P extends AnalyticsPlatform>({
  label,
  platforms,
  value,
  onChange,
}: {
  label: string;
  platforms: readonly P[];
  value: P;
  onChange: (platform: P) => void;
}) {
  if (platforms.length < 2) return null;
  return (
    <div className="chips" role="group" aria-label={label}>
      {platforms.map((platform) => (
        <button
          key={platform}
          type="button"
          aria-pressed={platform === value}
          className={['chip', platform === value ? 'chip--active' : ''].filter(Boolean).join(' ')}
          onClick={() => onChange(platform)}
        >
          {PLATFORM_LABELS[platform]}
        </button>
      ))}
    </div>
  );
}

function usePlatform<P extends AnalyticsPlatform>(platforms: readonly P[]) {
  const [chosen, setChosen] = useState<P>();
  const platform = chosen && platforms.includes(chosen) ? chosen : platforms[0];
  return [platform, setChosen] as const;
}

const LOCKED_TEXT = "Each post's results and the best times to post come with a paid plan, as scheduling does.";

type FigureSort = Exclude<TopPostSort, 'publishedAt'>;

const COLUMNS: { sort: FigureSort; label: string; value: (post: TopPost) => number | null }[] = [
  { sort: 'engagement', label: 'Engagement', value: (p) => p.engagement },
  { sort: 'likes', label: 'Likes', value: (p) => p.likes },
  { sort: 'comments', label: 'Comments', value: (p) => p.comments },
  { sort: 'shares', label: 'Shares', value: (p) => p.shares },
  { sort: 'impressions', label: 'Impressions', value: (p) => p.impressions },
  { sort: 'reach', label: 'Reach', value: (p) => p.reach },
];

/**
 * The figures a platform's table shows: the counts it measures (WordPress: comments alone, its
 * stored 0 likes are no measurement), and impressions and reach where any post has them.
 */
function columnsOf(platform: AnalyticsPlatform, posts: TopPost[]) {
  const counts: readonly FigureSort[] = POST_COUNTS[platform];
  return COLUMNS.filter(({ sort, value }) =>
    sort === 'impressions' || sort === 'reach'
      ? posts.some((post) => value(post) !== null)
      : sort === 'engagement' || counts.includes(sort),
  );
}

/** A column title that sorts the table by it (the API sorts: best first, newest first for the date). */
function SortHeader({
  sort,
  label,
  current,
  onSort,
  number,
}: {
  sort: TopPostSort;
  label: string;
  current: TopPostSort;
  onSort: (sort: TopPostSort) => void;
  number?: boolean;
}) {
  const active = sort === current;
  return (
    <th scope="col" aria-sort={active ? 'descending' : undefined} className={number ? 'top-posts__number' : undefined}>
      <button type="button" className="top-posts__sort" onClick={() => onSort(sort)}>
        {label}
        {active ? <ArrowDown size={14} aria-hidden /> : null}
      </button>
    </th>
  );
}

function TopPostsTable({
  posts,
  platform,
  sort,
  onSort,
  range,
}: {
  posts: TopPost[];
  platform: AnalyticsPlatform;
  sort: TopPostSort;
  onSort: (sort: TopPostSort) => void;
  range: ReportRange;
}) {
  const zone = viewerZone();
  const columns = columnsOf(platform, posts);
  // Sorted by a figure this platform does not give, its posts all tie: the newest come first.
  const order =
    sort === 'publishedAt' || columns.some((column) => column.sort === sort) ? `best first by ${sort}` : 'newest first';
  return (
    // A narrow screen scrolls the table sideways: a keyboard must reach it to scroll (axe's scrollable-region-focusable).
    <div
      className="table-wrap figures-table"
      role="region"
      aria-label={`Top ${PLATFORM_LABELS[platform]} posts`}
      tabIndex={0}
    >
      <table className="table top-posts">
        <caption className="visually-hidden">
          {PLATFORM_LABELS[platform]} posts published in {periodName(range)}, {order}
        </caption>
        <thead>
          <tr>
            <th scope="col">Post</th>
            <SortHeader sort="publishedAt" label="Published" current={sort} onSort={onSort} />
            {columns.map((column) => (
              <SortHeader key={column.sort} {...column} current={sort} onSort={onSort} number />
            ))}
          </tr>
        </thead>
        <tbody>
          {posts.map((post) => (
            <tr key={post.postId} data-post-id={post.postId}>
              <th scope="row" className="top-posts__post">
                <Link to={`/post/${post.postId}`} className="top-posts__excerpt">
                  {post.excerpt || 'Untitled post'}
                </Link>
              </th>
              <td className="top-posts__date">{formatInZone(post.publishedAt, 'd MMM yyyy', zone)}</td>
              {columns.map(({ sort: key, value }) => {
                const figure = value(post);
                return (
                  <td key={key} className="top-posts__number">
                    {figure === null ? '—' : formatCount(figure)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Top posts: the chosen period's posts on one platform, sortable by each figure. */
export function TopPostsCard({
  platforms,
  all,
  range,
}: {
  platforms: readonly ReportPlatform[];
  /** All platforms chosen: WordPress's posts too. */
  all: boolean;
  range: ReportRange;
}) {
  const shown = analyticsOf(platforms, all);
  const [platform, setPlatform] = usePlatform(shown);
  const [sort, setSort] = useState<TopPostSort>('engagement');
  const top = useTopPosts({ from: range.from, to: range.to }, sort);
  if (!platform) return null;
  let body;
  if (top.locked) body = <SubscriptionRequired compact>{LOCKED_TEXT}</SubscriptionRequired>;
  else if (top.error) body = <Alert type="error">{errorMessage(top.error)}</Alert>;
  else if (!top.data) body = <Spinner label="Loading the top posts" />;
  else {
    const posts = top.data[platform] ?? [];
    body = posts.length ? (
      <TopPostsTable posts={posts} platform={platform} sort={sort} onSort={setSort} range={range} />
    ) : (
      <p className="muted">
        No {PLATFORM_LABELS[platform]} posts with figures were published in {periodName(range)}.
      </p>
    );
  }
  return (
    <Card title="Top posts" description={`What each post drew, ${daysName(range)}.`}>
      <div className="post-analytics">
        <PlatformPicker label="Top posts on" platforms={shown} value={platform} onChange={setPlatform} />
        {body}
      </div>
    </Card>
  );
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const weekdayName = (weekday: number) => WEEKDAYS[weekday - 1] ?? String(weekday);
const hourName = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const slotName = (cell: BestTimesCell) => `${weekdayName(cell.weekday)} ${hourName(cell.hour)}`;

/** How many posts a figure rests on, in words. */
const postsName = (posts: number) => `${formatCount(posts)} ${posts === 1 ? 'post' : 'posts'}`;

/** Whether the times are the company's own or the default, in one plain sentence. */
function SourceNote({ times, platform }: { times: PlatformBestTimes; platform: BestTimesPlatform }) {
  const name = PLATFORM_LABELS[platform];
  if (times.source === 'default') {
    return (
      <Alert type="info" title="A default, not yet your own results">
        {`${times.posts === 0 ? 'None' : `Only ${formatCount(times.posts)}`} of your ${name} posts ${times.posts === 1 ? 'has' : 'have'} settled figures yet; your own best times show from ${times.minimumPosts}. Until then these are the times businesses' posts commonly do best on ${name}, weekday mornings: not a measurement of your audience.`}
      </Alert>
    );
  }
  return (
    <p className="post-analytics__note">
      From your {postsName(times.posts)} on {name} and the engagement each drew, in {times.zone} time. Each slot shows
      how many posts it rests on.
    </p>
  );
}

/** The 7 × 24 grid, its colour the slot's score; the numbers are in the table. */
function HeatMap({ times, platform }: { times: PlatformBestTimes; platform: BestTimesPlatform }) {
  const best = times.best.map(slotName).join(', ');
  const label = `Best times to post on ${PLATFORM_LABELS[platform]} by weekday and hour${best ? `; best: ${best}` : ''}.`;
  return (
    <div className="heat-map" role="img" aria-label={label}>
      <span />
      {Array.from({ length: 24 }, (_, hour) => (
        <span key={hour} className="heat-map__hour">
          {hour % 6 === 0 ? hourName(hour) : ''}
        </span>
      ))}
      {WEEKDAYS.map((name, i) => (
        <div key={name} className="heat-map__row">
          <span className="heat-map__weekday">{name.slice(0, 3)}</span>
          {times.cells
            .filter((cell) => cell.weekday === i + 1)
            .map((cell) => (
              <span
                key={cell.hour}
                className="heat-map__cell"
                style={{ '--heat': cell.score / 100 } as CSSProperties}
                title={`${slotName(cell)}: score ${cell.score}${times.source === 'own' ? `, ${postsName(cell.posts)}` : ''}`}
              />
            ))}
        </div>
      ))}
    </div>
  );
}

/** Every slot with a score or a post: its score, average engagement and the posts it rests on. */
function BestTimesTable({ id, times }: { id: string; times: PlatformBestTimes }) {
  const cells = times.cells.filter((cell) => cell.score > 0 || cell.posts > 0);
  return (
    <div className="table-wrap figures-table" id={id} role="region" aria-label="Best times by slot" tabIndex={0}>
      <table className="table best-times__table">
        <caption className="visually-hidden">Score, average engagement and posts of each weekday and hour</caption>
        <thead>
          <tr>
            <th scope="col">Slot</th>
            <th scope="col" className="top-posts__number">
              Score
            </th>
            <th scope="col" className="top-posts__number">
              Average engagement
            </th>
            <th scope="col" className="top-posts__number">
              Posts
            </th>
          </tr>
        </thead>
        <tbody>
          {cells.map((cell) => (
            <tr key={`${cell.weekday}-${cell.hour}`} data-slot={`${cell.weekday}-${cell.hour}`}>
              <th scope="row">{slotName(cell)}</th>
              <td className="top-posts__number">{cell.score}</td>
              <td className="top-posts__number">{cell.engagement === null ? '—' : formatCount(cell.engagement)}</td>
              <td className="top-posts__number">{formatCount(cell.posts)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BestTimesFigures({ times, platform }: { times: PlatformBestTimes; platform: BestTimesPlatform }) {
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  return (
    <>
      <SourceNote times={times} platform={platform} />
      {times.best.length ? (
        <p className="post-analytics__best">
          <strong>Best:</strong>{' '}
          {times.best
            .map((cell) => (times.source === 'own' ? `${slotName(cell)} (${postsName(cell.posts)})` : slotName(cell)))
            .join(' · ')}
        </p>
      ) : null}
      <HeatMap times={times} platform={platform} />
      <div className="heat-map__footer">
        <span className="heat-map__scale" aria-hidden>
          Lower <span className="heat-map__gradient" /> Higher
        </span>
        <DataTableButton shown={tableShown} table={tableId} onToggle={() => setTableShown((shown) => !shown)} />
      </div>
      {tableShown ? <BestTimesTable id={tableId} times={times} /> : null}
    </>
  );
}

/** Best times: when the company's posts on one platform did best, as a weekday × hour heat map. */
export function BestTimesCard({ platforms }: { platforms: readonly ReportPlatform[] }) {
  const shown = BEST_TIMES_PLATFORMS.filter((p) => platforms.includes(p));
  const [platform, setPlatform] = usePlatform(shown);
  const zone = viewerZone();
  const best = useBestTimes(zone);
  if (!platform) return null;
  let body;
  if (best.locked) body = <SubscriptionRequired compact>{LOCKED_TEXT}</SubscriptionRequired>;
  else if (best.error) body = <Alert type="error">{errorMessage(best.error)}</Alert>;
  else if (!best.data) body = <Spinner label="Loading the best times" />;
  else {
    const times = best.data[platform];
    body = times ? <BestTimesFigures times={times} platform={platform} /> : null;
  }
  return (
    <Card title="Best times to post" description={`From all your published posts, in ${zone} time.`}>
      <div className="post-analytics">
        <PlatformPicker label="Best times on" platforms={shown} value={platform} onChange={setPlatform} />
        {body}
      </div>
    </Card>
  );
}
