import type { UseQueryResult } from '@tanstack/react-query';
import { Gauge } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { memberAuditSource, useAuditSource } from '@/api/audit/audit-source';

/**
 * What a view shows until its audit answers: a spinner, the spec's "No report available right
 * now" when there is no such report (404), or the error. Null once there is data.
 */
export function AuditQueryState({
  query,
  label,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error'>;
  label: string;
}) {
  // A guest has no SEO report to go back to.
  const member = useAuditSource().base === memberAuditSource.base;
  if (query.isPending) {
    return (
      <Card>
        <div className="audit-loading">
          <Spinner label={label} />
        </div>
      </Card>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error, 404);
    return (
      <Card>
        <EmptyState
          icon={Gauge}
          // The 404's sentence is the spec's "No report available right now. Please check back later".
          title={missing ? errorMessage(query.error) : 'Something went wrong'}
          action={
            missing && member ? (
              <ButtonLink to="/seo-report" variant="secondary">
                Back to the SEO report
              </ButtonLink>
            ) : undefined
          }
        >
          {missing
            ? member
              ? 'Once an audit of your website has finished, its views are here.'
              : 'Once an audit of this website has finished, its views are here.'
            : errorMessage(query.error)}
        </EmptyState>
      </Card>
    );
  }
  return null;
}
