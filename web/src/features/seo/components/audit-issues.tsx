import type { IssueSummary, IssueTab } from '@shared/schemas/seo-audit';
import { ArrowLeft, CheckCircle2, ExternalLink } from 'lucide-react';
import { Link, NavLink, useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useIssueDetail, useIssueReport } from '@/api/audit/get-issue-report';
import { useAuditSource } from '@/api/audit/audit-source';
import { useIgnoreIssue, useToggleCheck } from '@/api/audit/turn-off-issue';
import type { AuditViewProps } from '../routes/website-audit';
import { AuditQueryState } from './audit-state';
import { SeverityBadge } from './severity-badge';
import './audit-issues.css';

/** Spec 02 §2 issue tabs; Turned off only for the company's own people. */
const TABS: { tab: IssueTab; label: string; empty: string }[] = [
  { tab: 'current', label: 'Current', empty: 'No issues found.' },
  { tab: 'new', label: 'New', empty: 'Nothing new since the audit before.' },
  { tab: 'all', label: 'All tracked', empty: 'No issues tracked.' },
  { tab: 'fixed', label: 'Fixed', empty: 'Nothing fixed since the audit before.' },
  { tab: 'off', label: 'Turned off', empty: 'No issue is ignored and no check is turned off.' },
];
const isTab = (value: string | null): value is IssueTab => TABS.some((t) => t.tab === value);
const fmt = (n: number) => n.toLocaleString('en-US');

function useTab(member: boolean): IssueTab {
  const [params] = useSearchParams();
  const tab = params.get('tab');
  return isTab(tab) && (tab !== 'off' || member) ? tab : 'current';
}

/** An address in the issue report that keeps the chosen audit. */
function issuesHref(base: string, auditId: string, tab: IssueTab, check?: string) {
  const params = new URLSearchParams();
  if (auditId !== 'latest') params.set('audit', auditId);
  if (tab !== 'current') params.set('tab', tab);
  const query = params.toString();
  return `${base}/issues${check ? `/${check}` : ''}${query ? `?${query}` : ''}`;
}

/** Ignore until the next audit (at once) and turn the check off or on (from the next audit), each asked first. */
function IssueActions({
  issue,
  auditId,
  member,
  disabledChecks,
}: {
  issue: IssueSummary;
  auditId: string;
  member: boolean;
  /** The checks the settings turn off from the next audit. */
  disabledChecks: string[];
}) {
  const confirm = useConfirm();
  const ignore = useIgnoreIssue(auditId);
  const toggle = useToggleCheck();
  if (!member) return null;
  const fail = (error: unknown) => notify.error(errorMessage(error));

  const onIgnore = async (on: boolean) => {
    if (
      on &&
      !(await confirm({
        title: `Ignore “${issue.name}”?`,
        description:
          'It leaves the report at once and comes back with the next audit. You can bring it back from Turned off.',
        confirmLabel: 'Ignore issue',
      }))
    )
      return;
    ignore.mutate(
      { check: issue.check, ignore: on },
      {
        onSuccess: () => notify.success(on ? 'Issue ignored until the next audit' : 'Issue back in the report'),
        onError: fail,
      },
    );
  };
  const onToggle = async (disable: boolean) => {
    if (
      !(await confirm({
        title: disable ? `Turn off “${issue.name}”?` : `Turn “${issue.name}” back on?`,
        description: disable
          ? 'From the next audit, this check is not run and costs nothing in the Health Score.'
          : 'From the next audit, this check is run again.',
        confirmLabel: disable ? 'Turn off check' : 'Turn on check',
      }))
    )
      return;
    toggle.mutate(
      { check: issue.check, disable },
      {
        onSuccess: () =>
          notify.success(disable ? 'Check turned off from the next audit' : 'Check on from the next audit'),
        onError: fail,
      },
    );
  };

  // Only the latest report can be ignored in (the API answers 409 for an older audit).
  const latest = auditId === 'latest';
  return (
    <div className="audit-issue__actions">
      {issue.off === 'ignored' ? (
        <Button variant="secondary" size="sm" pending={ignore.isPending} onClick={() => onIgnore(false)}>
          Stop ignoring
        </Button>
      ) : issue.off !== 'disabled' && latest ? (
        <Button variant="ghost" size="sm" pending={ignore.isPending} onClick={() => onIgnore(true)}>
          Ignore
        </Button>
      ) : null}
      {disabledChecks.includes(issue.check) ? (
        <Button variant="secondary" size="sm" pending={toggle.isPending} onClick={() => onToggle(false)}>
          Turn check on
        </Button>
      ) : (
        <Button variant="ghost" size="sm" pending={toggle.isPending} onClick={() => onToggle(true)}>
          Turn check off
        </Button>
      )}
    </div>
  );
}

function Counts({ issue, disabledChecks }: { issue: IssueSummary; disabledChecks: string[] }) {
  const offNext = disabledChecks.includes(issue.check);
  return (
    <p className="audit-issue__counts">
      <span>
        <strong>{fmt(issue.current)}</strong> current
      </span>
      {issue.new ? <Badge tone="danger">{fmt(issue.new)} new</Badge> : null}
      {issue.fixed ? <Badge tone="success">{fmt(issue.fixed)} fixed</Badge> : null}
      {issue.change ? (
        <span className={issue.change > 0 ? 'audit-change audit-change--up' : 'audit-change audit-change--down'}>
          {issue.change > 0 ? `+${fmt(issue.change)}` : fmt(issue.change)} since the audit before
        </span>
      ) : null}
      {issue.off ? (
        <Badge tone="neutral">
          {issue.off === 'ignored' ? 'Ignored until the next audit' : 'Turned off in settings'}
        </Badge>
      ) : null}
      {/* Settings apply from the next audit: say so when they differ from this audit's. */}
      {offNext && issue.off !== 'disabled' ? <Badge tone="neutral">Off from the next audit</Badge> : null}
      {!offNext && issue.off === 'disabled' ? <Badge tone="neutral">On again from the next audit</Badge> : null}
    </p>
  );
}

function IssueTabs({
  auditId,
  tab,
  member,
  check,
}: {
  auditId: string;
  tab: IssueTab;
  member: boolean;
  check?: string;
}) {
  const { base } = useAuditSource();
  return (
    <nav className="tabs audit-subtabs" aria-label="Issue tabs">
      {TABS.filter((t) => t.tab !== 'off' || member).map((t) => (
        <NavLink
          key={t.tab}
          to={issuesHref(base, auditId, t.tab, check)}
          className={t.tab === tab ? 'tab tab--active' : 'tab'}
          aria-current={t.tab === tab ? 'page' : undefined}
        >
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The Issue report: one tab's issues, worst first, each opening to its pages. */
function IssueReport({ auditId, member }: { auditId: string; member: boolean }) {
  const { base } = useAuditSource();
  const tab = useTab(member);
  const report = useIssueReport(auditId, tab);
  const empty = TABS.find((t) => t.tab === tab)?.empty ?? '';
  return (
    <>
      <IssueTabs auditId={auditId} tab={tab} member={member} />
      {!report.data ? (
        <AuditQueryState query={report} label="Loading the issues" />
      ) : report.data.issues.length === 0 ? (
        <Card>
          <EmptyState icon={CheckCircle2} title={empty} compact />
        </Card>
      ) : (
        <ul className="audit-issues" aria-label={`${TABS.find((t) => t.tab === tab)?.label} issues`}>
          {report.data.issues.map((issue) => (
            <li key={issue.check} className="audit-issue">
              <div className="audit-issue__head">
                <SeverityBadge severity={issue.severity} />
                <h2 className="audit-issue__name">
                  <Link to={issuesHref(base, auditId, tab === 'off' ? 'all' : tab, issue.check)}>{issue.name}</Link>
                </h2>
              </div>
              <p className="audit-issue__text">{issue.description}</p>
              <Counts issue={issue} disabledChecks={report.data.disabledChecks} />
              <IssueActions
                issue={issue}
                auditId={auditId}
                member={member}
                disabledChecks={report.data.disabledChecks}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** One issue: what it is, how to fix it, and the pages behind it with the exact links or files at fault. */
function IssueDetail({ auditId, check, member }: { auditId: string; check: string; member: boolean }) {
  const { base } = useAuditSource();
  const tab = useTab(member);
  const detail = useIssueDetail(auditId, check, tab === 'off' ? 'all' : tab);
  // The report's tab answers which checks the settings turn off (cached once the report was seen).
  const disabledChecks = useIssueReport(auditId, 'current').data?.disabledChecks ?? [];
  const first = detail.data?.pages[0];
  if (!first) return <AuditQueryState query={detail} label="Loading the issue" />;
  const { issue } = first;
  const items = detail.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <p className="audit-back">
        <Link to={issuesHref(base, auditId, tab)}>
          <ArrowLeft size={16} aria-hidden /> All issues
        </Link>
      </p>
      <Card>
        <div className="audit-issue__head">
          <SeverityBadge severity={issue.severity} />
          <h2 className="audit-issue__name audit-issue__name--big">{issue.name}</h2>
        </div>
        <p className="audit-issue__text">{issue.description}</p>
        <p className="audit-issue__text">
          <strong>How to fix: </strong>
          {issue.how_to_fix}
        </p>
        <Counts issue={issue} disabledChecks={disabledChecks} />
        <IssueActions issue={issue} auditId={auditId} member={member} disabledChecks={disabledChecks} />
      </Card>
      <IssueTabs auditId={auditId} tab={tab} member={false} check={check} />
      <Card title={`${fmt(first.total)} ${first.total === 1 ? 'page' : 'pages'}`} padded>
        {items.length === 0 ? (
          <p className="audit-note">No pages in this tab.</p>
        ) : (
          <ul className="audit-pages">
            {items.map((item) => (
              <li key={`${item.url} ${item.status}`} className="audit-page">
                <div className="audit-page__head">
                  <a href={item.url} target="_blank" rel="noopener noreferrer" className="audit-url">
                    {item.url}
                    <ExternalLink size={12} aria-hidden />
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                  {item.status === 'new' ? <Badge tone="danger">New</Badge> : null}
                  {item.status === 'fixed' ? <Badge tone="success">Fixed</Badge> : null}
                </div>
                {item.group ? <p className="audit-page__group">Shared with other pages: {item.group}</p> : null}
                {item.copies ? (
                  <p className="audit-page__group">
                    And {fmt(item.copies)} more {item.copies === 1 ? 'address' : 'addresses'} of this page that differ
                    only in their query string.
                  </p>
                ) : null}
                {item.targets?.length ? (
                  <div className="audit-page__targets">
                    <p className="audit-page__label">At fault on this page</p>
                    <ul>
                      {item.targets.map((target) => (
                        <li key={target} className="audit-url">
                          {target}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {detail.isFetchingNextPage ? <Spinner label="Loading more pages" /> : null}
        {detail.hasNextPage && !detail.isFetchingNextPage ? (
          <Button variant="secondary" size="sm" onClick={() => void detail.fetchNextPage()}>
            Show more pages ({fmt(first.total - items.length)} left)
          </Button>
        ) : null}
      </Card>
    </>
  );
}

/** /seo-report/issues[/{check}]?tab=: the Issue report (spec 02 §2) and one issue's pages. */
export default function AuditIssues({ auditId, check, member }: AuditViewProps) {
  return check ? (
    <IssueDetail auditId={auditId} check={check} member={member} />
  ) : (
    <IssueReport auditId={auditId} member={member} />
  );
}
