import type { auditOverviewSchema } from '@shared/schemas/seo-audit';
import type { z } from 'zod/mini';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { formatInZone } from '@/lib/format-date';
import { useAuditSource } from '@/api/audit/audit-source';
import { SeverityBadge } from './severity-badge';
import './audit-use-cases-domain.css';

type Overview = z.infer<typeof auditOverviewSchema>;

const fmt = (n: number) => n.toLocaleString('en-US');
const unmeasured = <p className="audit-note">Not measured in this audit. The next audit measures it.</p>;

/** Spec 02 §3's domain metrics: what a crawl of the site knows of them, and which need data from elsewhere. */
function DomainMetrics({ overview }: { overview: Overview }) {
  const domain = overview.stats?.domain;
  const indexable = overview.stats?.indexability.indexable;
  return (
    <Card title="Domain metrics" description={domain ? domain.host : undefined}>
      {domain && indexable !== undefined ? (
        <>
          <dl className="audit-facts">
            <div>
              <dt>Pages search engines may index</dt>
              <dd>{fmt(indexable)}</dd>
              <dd className="audit-facts__note">What Bing, Google, Yahoo and Yandex are allowed to list.</dd>
            </div>
            <div>
              <dt>Pages in the sitemap</dt>
              <dd>{fmt(domain.sitemapPages)}</dd>
            </div>
            <div>
              <dt>Certificate expires</dt>
              <dd>
                {domain.certificateExpires
                  ? formatInZone(domain.certificateExpires, 'd MMM yyyy')
                  : domain.https
                    ? 'Not read'
                    : 'No HTTPS'}
              </dd>
            </div>
            <div>
              <dt>Domains linked to</dt>
              <dd>{fmt(domain.linkedDomains)}</dd>
            </div>
          </dl>
          <p className="audit-note">
            Alexa rank, backlinks, referring domains, domain trust, domain expiration and the pages each search engine
            has listed come from outside the site: a crawl does not measure them.
          </p>
        </>
      ) : (
        unmeasured
      )}
    </Card>
  );
}

/** Spec 02 §2's most popular use cases, each opening its check with the most issues. */
function UseCases({ overview, q }: { overview: Overview; q: string }) {
  const { base, opens } = useAuditSource();
  return (
    <Card title="Most popular use cases" description="What people audit a site for, with this audit’s answer.">
      <ul className="audit-top">
        {overview.useCases.map((use) => (
          <li key={use.id} className="audit-top__item">
            <SeverityBadge severity={use.severity ?? 'success'} />
            {use.check && opens('issues') ? (
              <Link className="audit-top__name" to={`${base}/issues/${use.check}${q}`}>
                {use.name}
              </Link>
            ) : (
              <span className="audit-top__name">{use.name}</span>
            )}
            <span className="audit-top__count">
              {use.issues ? `${fmt(use.issues)} ${use.issues === 1 ? 'issue' : 'issues'}` : 'Nothing to fix'}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The overview's most popular use cases and domain metrics, side by side in its grid. */
export default function AuditUseCasesAndDomain({ overview, q }: { overview: Overview; q: string }) {
  return (
    <>
      <UseCases overview={overview} q={q} />
      <DomainMetrics overview={overview} />
    </>
  );
}
