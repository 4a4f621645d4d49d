import { errorBodySchema } from '@shared/schemas/errors';
import { SEO_KEYWORD_LIMIT, seoKeywordMessages, type SeoKeyword } from '@shared/schemas/seo-keywords';
import { AlertTriangle, KeyRound, Sparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import { SubscriptionRequired } from '@/components/subscription-required';
import { promptIfUpgradeRequired } from '@/components/upgrade-prompt';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { JobProgress } from '@/components/ui/job-progress';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCurrentCompany } from '@/api/companies/companies';
import { useMay } from '@/api/companies/permissions';
import { notify } from '@/lib/toast';
import { usePaidPlan } from '@/api/billing/paid-plan';
import { useGenerateKeywords, useSaveKeywords, useSeoKeywords } from '@/api/seo/seo-keywords';
import { KeywordTable } from '../components/keyword-table';
import { SelectedKeywords } from '../components/selected-keywords';
import { AddWebsiteCard, hasUsableWebsite } from '../components/website-gate';
import { displayOrder, sameSelection, selectAll, toggleKeyword, type SelectionChange } from '../keyword-selection';
import '../seo-keywords.css';

/** The server's own sentence when it sent one, else the page's (spec 02 §9). */
function failure(error: unknown, fallback: string) {
  if (error instanceof ApiError) {
    const body = errorBodySchema.safeParse(error.body);
    if (body.success && body.data.message) return body.data.message;
  }
  return fallback;
}

const Loading = ({ label }: { label: string }) => (
  <Card>
    <div className="kw-loading">
      <Spinner label={label} />
    </div>
  </Card>
);

/**
 * /seo-keywords (spec 01 §2, 02 §2): suggested keywords for the company website; up to 10 are
 * saved. Generating and choosing are for the roles that may change SEO; the others read the list.
 */
export default function SeoKeywordsRoute() {
  const { company } = useCurrentCompany();
  const paid = usePaidPlan();
  const hasWebsite = hasUsableWebsite(company);
  const generate = useGenerateKeywords();
  const mayChange = useMay('seo');
  const mayPay = useMay('billing');
  const ready = paid.data === true && hasWebsite && mayChange;

  const onGenerate = () => {
    void generate.start().then(
      () => notify.success(seoKeywordMessages.generated),
      (error: unknown) => {
        if (!promptIfUpgradeRequired(error)) notify.error(failure(error, seoKeywordMessages.generateFailed));
      },
    );
  };

  let body;
  if (paid.isPending) {
    body = <Loading label="Loading your plan" />;
  } else if (paid.isError) {
    body = <Alert type="error">{errorMessage(paid.error)}</Alert>;
  } else if (!paid.data) {
    body = (
      <Card>
        <SubscriptionRequired>
          Keyword suggestions come with a paid plan. {mayPay ? 'Upgrade' : 'Once an admin upgrades,'} to get keywords
          picked for your website, compare their search volume, difficulty and cost per click, and save up to{' '}
          {SEO_KEYWORD_LIMIT}.
        </SubscriptionRequired>
      </Card>
    );
  } else if (!hasWebsite) {
    body = (
      <AddWebsiteCard title="Add a website">Keyword suggestions are based on your company website.</AddWebsiteCard>
    );
  } else {
    body = (
      <KeywordWorkspace key={company?.id} generating={generate.isPending} step={generate.step} readOnly={!mayChange} />
    );
  }

  return (
    <div className="page">
      <PageHeader
        title="SEO Keywords"
        description="Keywords worth ranking for, picked for your website."
        actions={
          ready ? (
            <Button icon={<Sparkles size={16} aria-hidden />} pending={generate.isPending} onClick={onGenerate}>
              Generate Keywords
            </Button>
          ) : undefined
        }
      />
      {body}
    </div>
  );
}

/** The suggestions and the selection, once the plan and the website are there; `readOnly` shows what was saved. */
function KeywordWorkspace({ generating, step, readOnly }: { generating: boolean; step?: string; readOnly: boolean }) {
  const list = useSeoKeywords();
  const save = useSaveKeywords();
  const confirm = useConfirm();
  // The user's choice since the list last came from the server; null follows the saved selection.
  const [draft, setDraft] = useState<string[] | null>(null);
  const [limited, setLimited] = useState(false);

  const keywords = useMemo(() => displayOrder(list.data ?? []), [list.data]);
  const saved = useMemo(() => keywords.filter((k) => k.isSelected).map((k) => k.keyword), [keywords]);
  const selected = draft ?? saved;
  const dirty = !sameSelection(selected, saved);

  // A new list (generated or saved) replaces the choice in progress with what the server holds.
  const [shown, setShown] = useState<SeoKeyword[] | undefined>(list.data);
  if (shown !== list.data) {
    setShown(list.data);
    setDraft(null);
    setLimited(false);
  }

  const apply = ({ selected: next, limited: cut }: SelectionChange) => {
    setDraft(next);
    setLimited(cut);
  };

  const onSave = async () => {
    const ok = await confirm({
      title: 'Save your keywords?',
      description: seoKeywordMessages.confirmSave,
      confirmLabel: 'Save',
    });
    if (!ok) return;
    save.mutate(selected, {
      onSuccess: () => notify.success(seoKeywordMessages.saved),
      onError: (error) => {
        if (!promptIfUpgradeRequired(error)) notify.error(failure(error, seoKeywordMessages.saveFailed));
      },
    });
  };

  if (generating) {
    return <JobProgress title={seoKeywordMessages.generating} step={step} />;
  }
  if (list.isPending) return <Loading label="Loading keywords" />;
  if (list.isError) return <Alert type="error">{errorMessage(list.error)}</Alert>;
  if (!keywords.length) {
    return (
      <Card>
        <EmptyState icon={KeyRound} title={seoKeywordMessages.empty}>
          We look at your website and suggest about 20 keywords, with the ones we recommend marked.
        </EmptyState>
      </Card>
    );
  }

  return (
    <div className="kw-layout">
      <Card
        title="Available Keywords"
        description="Volume (monthly searches), difficulty (0–100, higher is harder to rank for) and cost per click are estimates."
        padded={false}
      >
        <div className="kw-limit" role="status" aria-live="polite">
          {limited ? (
            <p className="kw-limit__text">
              <AlertTriangle size={16} aria-hidden />
              {seoKeywordMessages.tooMany}
            </p>
          ) : null}
        </div>
        <KeywordTable
          keywords={keywords}
          selected={selected}
          onToggle={readOnly ? undefined : (keyword) => apply(toggleKeyword(selected, keyword))}
          onSelectAll={() => apply(selectAll(selected, keywords))}
        />
      </Card>
      <SelectedKeywords
        selected={selected}
        dirty={dirty}
        saving={save.isPending}
        readOnly={readOnly}
        onRemove={(keyword) => apply(toggleKeyword(selected, keyword))}
        onSave={() => void onSave()}
      />
    </div>
  );
}
