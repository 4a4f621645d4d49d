import type { LinkRow, PageRow, ResourceRow } from '@shared/schemas/seo-audit';
import type { AuditViewProps } from '../routes/website-audit';
import './audit-tables.css';
import { Column, VirtualTable } from './virtual-table';
import { fmt, kb, Status, Url, Text } from './audit-cells';

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
