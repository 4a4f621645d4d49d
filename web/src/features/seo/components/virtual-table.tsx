import { lazy, Suspense, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { loadChunk } from '@/lib/load-chunk';
import { useAuditRows, type AuditList, type ListQuery } from '@/api/audit/get-audit-rows';
import { AuditQueryState } from './audit-state';
import { fmt } from './audit-cells';
import { SearchBox } from './audit-table-search';
import { FilterSelect } from './audit-table-filter';

/** Ask for the next 500 rows this many rows before the end of what is loaded. */
const PREFETCH_ROWS = 100;

/** Up to this many rows a list is drawn whole; a longer one fetches the virtualiser and draws the rows in view. */
const PLAIN_ROWS = 100;

// The virtualiser comes with the first list long enough to need it, as the charts come with the first chart.
const VirtualRows = lazy(() => loadChunk(() => import('./virtual-rows')));

export interface Column<Row> {
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

export interface Filter {
  param: string;
  label: string;
  options: { value: string; label: string }[];
}

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

export function VirtualTable<Row>({
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
