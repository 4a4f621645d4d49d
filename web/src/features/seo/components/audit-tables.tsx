import type { LinkRow, PageRow, ResourceRow } from '@shared/schemas/seo-audit';
import { Search } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { loadChunk } from '@/lib/load-chunk';
import { useDebounced } from '@/lib/use-debounced';
import { useAuditRows, type AuditList, type ListQuery } from '../api/get-audit-rows';
import type { AuditViewProps } from '../routes/website-audit';
import { AuditQueryState } from './audit-state';
import './audit-tables.css';

/** Ask for the next 500 rows this many rows before the end of what is loaded. */
const PREFETCH_ROWS = 100;
/** Up to this many rows a list is drawn whole; a longer one fetches the virtualiser and draws the rows in view. */
const PLAIN_ROWS = 100;

// The virtualiser comes with the first list long enough to need it, as the charts come with the first chart.
const VirtualRows = lazy(() => loadChunk(() => import('./virtual-rows')));

interface Column<Row> {
  key: string;
  label: string;
  width: number;
  numeric?: boolean;
  /** Not every field is a sort key of the API. */
  sortable?: boolean;
  cell: (row: Row) => ReactNode;
  /** The cell's full text, shown on hover where it is cut. */
  text?: (row: Row) => string | undefined;
}

interface Filter {
  param: string;
  label: string;
  options: { value: string; label: string }[];
}

const fmt = (n: number | undefined | null) => (n === undefined || n === null ? '–' : n.toLocaleString('en-US'));
const kb = (bytes: number | undefined) => (bytes === undefined ? '–' : `${(bytes / 1024).toFixed(1)} KB`);
const statusClass = (status: number) =>
  status >= 500 || status === 0 ? 'danger' : status >= 400 ? 'warning' : status >= 300 ? 'info' : 'success';
const Status = ({ status }: { status: number }) => (
  <span className={`audit-status audit-status--${statusClass(status)}`}>{status || 'n/a'}</span>
);

const STATUS_FILTER: Filter = {
  param: 'status',
  label: 'Status',
  options: [
    { value: '', label: 'Any status' },
    { value: '2xx', label: '2xx OK' },
    { value: '3xx', label: '3xx redirect' },
    { value: '4xx', label: '4xx client error' },
    { value: '5xx', label: '5xx server error' },
  ],
};

/** The list's sort and filters live in the address, so a filtered, sorted table is a link. */
function useListQuery(defaultSort: string, filters: Filter[]) {
  const [params, setParams] = useSearchParams();
  const query: ListQuery = {
    sort: params.get('sort') || defaultSort,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
  const search = params.get('search');
  if (search) query.search = search;
  for (const f of filters) {
    const value = params.get(f.param);
    if (value && f.options.some((o) => o.value === value))
      (query as unknown as Record<string, string>)[f.param] = value;
  }
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  return { query, set };
}

function SearchBox({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  const [text, setText] = useState(value);
  const settled = useDebounced(text, 500);
  const id = useId();
  useEffect(() => {
    if (settled !== value) onChange(settled);
    // Only a settled change of the text is sent; the address's own changes do not echo back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <div className="audit-filter audit-filter--search">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="search-box">
        <Search size={16} aria-hidden />
        <input
          id={id}
          type="search"
          className="audit-search"
          value={text}
          placeholder="Part of a URL"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
    </div>
  );
}

function VirtualTable<Row>({
  auditId,
  list,
  caption,
  noun,
  columns,
  filters,
  defaultSort,
  rowKey,
}: {
  auditId: string;
  list: AuditList;
  caption: string;
  noun: [string, string];
  columns: Column<Row>[];
  filters: Filter[];
  defaultSort: string;
  rowKey: (row: Row, index: number) => string;
}) {
  const { query, set } = useListQuery(defaultSort, [STATUS_FILTER, ...filters]);
  const rows = useAuditRows(auditId, list, query);
  const scroller = useRef<HTMLDivElement>(null);
  const loaded = (rows.data?.pages.flatMap((p) => p.rows) ?? []) as Row[];
  const first = rows.data?.pages[0];
  const total = first?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = rows;
  const onLastIndex = useCallback(
    (index: number) => {
      if (hasNextPage && !isFetchingNextPage && index >= loaded.length - PREFETCH_ROWS) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage, loaded.length],
  );
  // A new sort or filter starts at the top.
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [queryKey]);
  const long = loaded.length > PLAIN_ROWS || hasNextPage;

  const width = columns.reduce((sum, c) => sum + c.width, 0);
  const renderRow = (index: number) => {
    const row = loaded[index] as Row;
    return (
      <tr key={rowKey(row, index)} aria-rowindex={index + 2} className="audit-row">
        {columns.map((c) => (
          <td key={c.key} className={c.numeric ? 'audit-num' : undefined} title={c.text?.(row)}>
            {c.cell(row)}
          </td>
        ))}
      </tr>
    );
  };
  const sortBy = (key: string) =>
    set({ sort: key, order: query.sort === key && query.order === 'asc' ? 'desc' : 'asc' });

  return (
    <Card padded={false} className="audit-table-card">
      <div className="audit-filters" role="search" aria-label={`Filter the ${noun[1]}`}>
        <SearchBox value={query.search ?? ''} onChange={(search) => set({ search })} label="Search URLs" />
        {[STATUS_FILTER, ...filters].map((f) => (
          <FilterSelect
            key={f.param}
            filter={f}
            value={(query as unknown as Record<string, string | undefined>)[f.param] ?? ''}
            onChange={(value) => set({ [f.param]: value })}
          />
        ))}
        <p className="audit-filters__count" aria-live="polite">
          {first
            ? `${fmt(total)} ${total === 1 ? noun[0] : noun[1]}${first.truncated ? ' (the list was cut at its limit)' : ''}`
            : ''}
        </p>
      </div>
      {!rows.data ? (
        <AuditQueryState query={rows} label={`Loading the ${noun[1]}`} />
      ) : (
        <div
          ref={scroller}
          className="audit-scroller"
          role="region"
          aria-label={caption}
          tabIndex={0}
          style={{ ['--rows' as string]: String(Math.max(loaded.length, 1)) }}
        >
          <table className="table audit-table" style={{ width }} aria-rowcount={total + 1}>
            <caption className="visually-hidden">{caption}</caption>
            <colgroup>
              {columns.map((c) => (
                <col key={c.key} style={{ width: c.width }} />
              ))}
            </colgroup>
            <thead>
              <tr aria-rowindex={1}>
                {columns.map((c) => {
                  const sorted = query.sort === c.key;
                  return (
                    <th
                      key={c.key}
                      scope="col"
                      className={c.numeric ? 'audit-num' : undefined}
                      aria-sort={sorted ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {c.sortable === false ? (
                        c.label
                      ) : (
                        <button type="button" className="audit-sort" onClick={() => sortBy(c.key)}>
                          {c.label}
                          <span
                            aria-hidden
                            className={sorted ? 'audit-sort__mark' : 'audit-sort__mark audit-sort__idle'}
                          >
                            {sorted ? (query.order === 'asc' ? '↑' : '↓') : '↕'}
                          </span>
                        </button>
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {long ? (
                <Suspense fallback={loaded.slice(0, PLAIN_ROWS).map((_, index) => renderRow(index))}>
                  <VirtualRows
                    scroller={scroller}
                    count={loaded.length}
                    colSpan={columns.length}
                    renderRow={renderRow}
                    onLastIndex={onLastIndex}
                  />
                </Suspense>
              ) : (
                loaded.map((_, index) => renderRow(index))
              )}
              {loaded.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="table__empty">
                    No {noun[1]} match these filters.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
          {isFetchingNextPage ? (
            <div className="audit-scroller__more">
              <Spinner label={`Loading more ${noun[1]}`} />
            </div>
          ) : null}
        </div>
      )}
    </Card>
  );
}

function FilterSelect({ filter, value, onChange }: { filter: Filter; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="audit-filter">
      <label htmlFor={id} className="field__label">
        {filter.label}
      </label>
      <select id={id} className="input select" value={value} onChange={(event) => onChange(event.target.value)}>
        {filter.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const Url = ({ url }: { url: string }) => (
  <a href={url} target="_blank" rel="noopener noreferrer" className="audit-cell-link">
    {url}
  </a>
);
const Text = ({ value }: { value?: string }) => (value ? <>{value}</> : <span className="audit-missing">Missing</span>);

const INDEXABILITY: Record<PageRow['indexability'], string> = {
  indexable: 'Indexable',
  noindex: 'Noindex',
  canonicalized: 'Canonicalized',
  blocked: 'Blocked by robots.txt',
  'not-200': 'Not 200',
};

const PAGE_COLUMNS: Column<PageRow>[] = [
  { key: 'url', label: 'URL', width: 320, cell: (r) => <Url url={r.url} />, text: (r) => r.url },
  { key: 'status', label: 'Status', width: 90, numeric: true, cell: (r) => <Status status={r.status} /> },
  { key: 'title', label: 'Title', width: 240, cell: (r) => <Text value={r.title} />, text: (r) => r.title },
  {
    key: 'description',
    label: 'Description',
    width: 260,
    cell: (r) => <Text value={r.description} />,
    text: (r) => r.description,
  },
  { key: 'h1', label: 'H1', width: 200, cell: (r) => <Text value={r.h1} />, text: (r) => r.h1 },
  { key: 'h2', label: 'H2', width: 70, numeric: true, cell: (r) => fmt(r.h2) },
  {
    key: 'depth',
    label: 'Depth',
    width: 80,
    numeric: true,
    cell: (r) => (r.depth === null ? 'Sitemap' : fmt(r.depth)),
  },
  { key: 'inlinks', label: 'Inlinks', width: 90, numeric: true, cell: (r) => fmt(r.inlinks) },
  { key: 'outlinks', label: 'Outlinks', width: 100, numeric: true, cell: (r) => fmt(r.outlinks) },
  { key: 'bytes', label: 'Size', width: 100, numeric: true, cell: (r) => kb(r.bytes) },
  {
    key: 'ms',
    label: 'Load time',
    width: 110,
    numeric: true,
    cell: (r) => (r.ms === undefined ? '–' : `${fmt(r.ms)} ms`),
  },
  { key: 'indexability', label: 'Indexability', width: 160, cell: (r) => INDEXABILITY[r.indexability] },
  {
    key: 'canonical',
    label: 'Canonical',
    width: 260,
    cell: (r) => (r.canonical ? r.canonical : <span className="audit-missing">None</span>),
    text: (r) => r.canonical,
  },
  { key: 'hreflangs', label: 'Hreflang', width: 100, numeric: true, cell: (r) => fmt(r.hreflangs) },
  { key: 'words', label: 'Words', width: 90, numeric: true, cell: (r) => fmt(r.words) },
  { key: 'issues', label: 'Issues', width: 80, numeric: true, cell: (r) => fmt(r.issues) },
];

const LINK_COLUMNS: Column<LinkRow>[] = [
  { key: 'source', label: 'Source URL', width: 300, cell: (r) => <Url url={r.source} />, text: (r) => r.source },
  { key: 'target', label: 'Target URL', width: 320, cell: (r) => <Url url={r.target} />, text: (r) => r.target },
  { key: 'anchor', label: 'Anchor', width: 200, cell: (r) => <Text value={r.anchor} />, text: (r) => r.anchor },
  { key: 'type', label: 'Type', width: 100, cell: (r) => (r.type === 'internal' ? 'Internal' : 'External') },
  { key: 'nofollow', label: 'Nofollow', width: 100, cell: (r) => (r.nofollow ? 'Nofollow' : 'Follow') },
  { key: 'status', label: 'Target status', width: 130, numeric: true, cell: (r) => <Status status={r.status} /> },
];

const RESOURCE_TYPE: Record<ResourceRow['type'], string> = {
  image: 'Image',
  css: 'CSS',
  js: 'JavaScript',
  other: 'Other',
};
const RESOURCE_COLUMNS: Column<ResourceRow>[] = [
  { key: 'url', label: 'URL', width: 380, cell: (r) => <Url url={r.url} />, text: (r) => r.url },
  { key: 'type', label: 'Type', width: 120, cell: (r) => RESOURCE_TYPE[r.type] },
  { key: 'status', label: 'Status', width: 90, numeric: true, cell: (r) => <Status status={r.status} /> },
  { key: 'bytes', label: 'Size', width: 110, numeric: true, cell: (r) => kb(r.bytes) },
  { key: 'pages', label: 'Pages', width: 90, numeric: true, cell: (r) => fmt(r.pages) },
  { key: 'compressed', label: 'Compressed', width: 130, cell: (r) => (r.compressed ? 'Yes' : 'No') },
  { key: 'cached', label: 'Cached', width: 110, cell: (r) => (r.cached ? 'Yes' : 'No') },
];

/** /seo-report/pages: every crawled page with spec 02 §3's page columns. */
export function CrawledPages({ auditId }: AuditViewProps) {
  return (
    <VirtualTable<PageRow>
      auditId={auditId}
      list="pages"
      caption="Crawled pages"
      noun={['page', 'pages']}
      columns={PAGE_COLUMNS}
      defaultSort="url"
      rowKey={(r) => r.url}
      filters={[
        {
          param: 'indexability',
          label: 'Indexability',
          options: [
            { value: '', label: 'Any' },
            ...Object.entries(INDEXABILITY).map(([value, label]) => ({ value, label })),
          ],
        },
      ]}
    />
  );
}

/** /seo-report/links: every link found on the crawled pages. */
export function FoundLinks({ auditId }: AuditViewProps) {
  return (
    <VirtualTable<LinkRow>
      auditId={auditId}
      list="links"
      caption="Found links"
      noun={['link', 'links']}
      columns={LINK_COLUMNS}
      defaultSort="source"
      rowKey={(r, i) => `${i} ${r.source} ${r.target}`}
      filters={[
        {
          param: 'type',
          label: 'Type',
          options: [
            { value: '', label: 'Internal and external' },
            { value: 'internal', label: 'Internal' },
            { value: 'external', label: 'External' },
          ],
        },
        {
          param: 'nofollow',
          label: 'Rel',
          options: [
            { value: '', label: 'Follow and nofollow' },
            { value: 'false', label: 'Follow' },
            { value: 'true', label: 'Nofollow' },
          ],
        },
      ]}
    />
  );
}

/** /seo-report/resources: images, stylesheets, scripts and other files the pages load. */
export function FoundResources({ auditId }: AuditViewProps) {
  return (
    <VirtualTable<ResourceRow>
      auditId={auditId}
      list="resources"
      caption="Found resources"
      noun={['resource', 'resources']}
      columns={RESOURCE_COLUMNS}
      defaultSort="url"
      rowKey={(r) => r.url}
      filters={[
        {
          param: 'type',
          label: 'Type',
          options: [
            { value: '', label: 'Any type' },
            ...Object.entries(RESOURCE_TYPE).map(([value, label]) => ({ value, label })),
          ],
        },
      ]}
    />
  );
}
