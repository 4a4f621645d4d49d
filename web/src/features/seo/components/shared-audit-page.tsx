import { guestAuditContracts } from '@shared/contracts/audit-share';
import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { AUDIT_MODULE_LABELS, type AuditModule } from '@shared/schemas/audit-share';
import type { Contract } from '@shared/contract';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Link2Off, SearchX } from 'lucide-react';
import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { NavLink, useParams } from 'react-router-dom';
import { Brand } from '@/components/ui/brand';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { call, errorMessage, isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { createQueryClient } from '@/lib/query-client';
import { AuditSourceContext, type AuditSource } from '@/api/audit/audit-source';
import { TITLES, VIEWS } from '../routes/website-audit';
import '@/styles/tabs.css';
import '../website-audit.css';
import './shared-audit-page.css';

// Each member view's call, sent to its guest twin with the link's token.
const GUEST_TWINS = new Map<Contract, Contract>([
  [seoAuditContracts.audits, guestAuditContracts.audits],
  [seoAuditContracts.auditOverview, guestAuditContracts.auditOverview],
  [seoAuditContracts.issueReport, guestAuditContracts.issueReport],
  [seoAuditContracts.issueDetail, guestAuditContracts.issueDetail],
  [seoAuditContracts.crawledPages, guestAuditContracts.crawledPages],
  [seoAuditContracts.foundLinks, guestAuditContracts.foundLinks],
  [seoAuditContracts.foundResources, guestAuditContracts.foundResources],
  [seoAuditContracts.auditComparison, guestAuditContracts.auditComparison],
]);

function guestSource(token: string, modules: readonly string[]): AuditSource {
  const guestCall = (contract: Contract, options?: { params?: object }) => {
    const twin = GUEST_TWINS.get(contract);
    if (!twin) return Promise.reject(new Error(`${contract.path} is not open to guests`));
    return call(twin as never, { ...options, params: { ...options?.params, token } } as never);
  };
  return {
    base: `/shared/audit/${encodeURIComponent(token)}`,
    call: guestCall as typeof call,
    opens: (section) => modules.includes(section),
  };
}

const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'tab tab--active' : 'tab');

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="shared-audit">
      <header className="shared-audit__top">
        <div className="shared-audit__brand">
          <Brand />
        </div>
        <span className="shared-audit__tag">Read-only guest view</span>
      </header>
      <main className="shared-audit__main">
        <div className="page">{children}</div>
      </main>
    </div>
  );
}

function SharedAudit({ token, section, check }: { token: string; section?: string; check?: string }) {
  const share = useQuery({
    queryKey: ['audit-share', token],
    queryFn: ({ signal }) => call(guestAuditContracts.share, { params: { token }, signal }),
  });
  const modules = share.data?.modules;
  const source = useMemo(() => guestSource(token, modules ?? []), [token, modules]);

  if (share.isPending) {
    return (
      <Frame>
        <div className="audit-loading">
          <Spinner label="Opening the shared audit" />
        </div>
      </Frame>
    );
  }
  if (share.isError) {
    const gone = isApiError(share.error, 404);
    return (
      <Frame>
        <PageHeader title={gone ? 'This link is no longer valid' : 'Something went wrong'} />
        <Card>
          <EmptyState icon={Link2Off} title={gone ? 'It may have expired or been revoked' : errorMessage(share.error)}>
            {gone ? 'Ask whoever shared the website audit with you for a new link.' : 'Please try again later.'}
          </EmptyState>
        </Card>
      </Frame>
    );
  }

  const chosen = (section ?? share.data.modules[0]) as AuditModule;
  const granted = share.data.modules.includes(chosen) && (!check || chosen === 'issues');
  const View = granted ? VIEWS[chosen] : undefined;

  return (
    <Frame>
      <PageHeader
        eyebrow={share.data.companyName || 'Website audit'}
        title={granted ? TITLES[chosen] : 'Not shared'}
        description={`The website audit of ${share.data.website}, shared until ${formatDate(share.data.expiresAt)}.`}
      />
      <nav className="tabs" aria-label="Website audit sections">
        {share.data.modules.map((module) => (
          <NavLink key={module} to={`${source.base}/${module}`} className={tabClass}>
            {AUDIT_MODULE_LABELS[module]}
          </NavLink>
        ))}
      </nav>
      <div className="audit-body">
        {View ? (
          <AuditSourceContext value={source}>
            <Suspense
              fallback={
                <Card>
                  <div className="audit-loading">
                    <Spinner label="Loading" />
                  </div>
                </Card>
              }
            >
              {/* A guest never sees Turned off, nor the buttons that change the audit. */}
              <View auditId="latest" check={check} member={false} />
            </Suspense>
          </AuditSourceContext>
        ) : (
          <Card>
            <EmptyState icon={SearchX} title="Not shared">
              This part of the website audit is not shared with this link. Choose one of the sections above.
            </EmptyState>
          </Card>
        )}
      </div>
    </Frame>
  );
}

/**
 * /shared/audit/{token}[/{module}[/{check}]]: a guest link's view of a company's website audit,
 * no account needed (spec 02 §2, "Guest links can be given access to chosen modules"). Only the
 * link's modules, read-only. Its own query cache: a signed-in member's cached audit of their own
 * company is never shown as the link's.
 */
export default function SharedAuditPage() {
  const { token = '', section, check } = useParams();
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <SharedAudit token={token} section={section} check={check} />
    </QueryClientProvider>
  );
}
