export const fmt = (n: number | undefined | null) => (n === undefined || n === null ? '–' : n.toLocaleString('en-US'));

export const kb = (bytes: number | undefined) => (bytes === undefined ? '–' : `${(bytes / 1024).toFixed(1)} KB`);

const statusClass = (status: number) =>
  status >= 500 || status === 0 ? 'danger' : status >= 400 ? 'warning' : status >= 300 ? 'info' : 'success';

export const Status = ({ status }: { status: number }) => (
  <span className={`audit-status audit-status--${statusClass(status)}`}>{status || 'n/a'}</span>
);

export const Url = ({ url }: { url: string }) => (
  <a href={url} target="_blank" rel="noopener noreferrer" className="audit-cell-link">
    {url}
  </a>
);

export const Text = ({ value }: { value?: string }) =>
  value ? <>{value}</> : <span className="audit-missing">Missing</span>;
