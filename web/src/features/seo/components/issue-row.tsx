import type { PropHistory, SeoProp } from '@shared/schemas/seo';
import { ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useIssuePages } from '@/api/seo/seo-report';

const statusLabel = { error: 'Error', warning: 'Warning', notice: 'Notice', success: 'Fixed' } as const;
const statusTone = { error: 'danger', warning: 'warning', notice: 'accent', success: 'success' } as const;

/** One issue of an expanded category: what it is, how to fix it, what changed, and the pages one click away. */
export function IssueRow({ prop, history }: { prop: SeoProp; history?: PropHistory }) {
  const [open, setOpen] = useState(false);
  const pages = useIssuePages(prop.id, open && prop.value > 0);
  const listId = useId();
  return (
    <li className="seo-issue">
      <div className="seo-issue__head">
        <Badge tone={statusTone[prop.status]}>{statusLabel[prop.status]}</Badge>
        <h4 className="seo-issue__name">{prop.name}</h4>
        <span className="seo-issue__count">
          {prop.value} {prop.value === 1 ? 'page' : 'pages'}
        </span>
      </div>
      <div className="seo-issue__changes">
        {history?.new ? <Badge tone="danger">{history.new} new since last report</Badge> : null}
        {history?.fixed ? <Badge tone="success">{history.fixed} fixed since last report</Badge> : null}
      </div>
      <p className="seo-issue__text">{prop.description}</p>
      <p className="seo-issue__text">
        <strong>How to fix: </strong>
        {prop.how_to_fix}
      </p>
      {prop.value > 0 ? (
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          {open ? 'Hide pages' : `Show pages (${prop.value})`}
        </Button>
      ) : null}
      {open ? (
        <div id={listId} className="seo-issue__pages">
          {pages.isPending ? <Spinner label="Loading pages" /> : null}
          {pages.isError ? <p className="seo-issue__text">{errorMessage(pages.error)}</p> : null}
          {pages.data ? (
            <ul>
              {pages.data.urls.map((url) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    {url}
                    <ExternalLink size={12} aria-hidden />
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
              {pages.data.total > pages.data.urls.length ? (
                <li className="seo-issue__more">and {pages.data.total - pages.data.urls.length} more</li>
              ) : null}
            </ul>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
