import { ArrowLeft, PenLine } from 'lucide-react';
import { messages } from '@shared/messages';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** The frame shared by the social and blog editors: back link, plan warning, and the editor body. */
export function PostPage({ title, kind }: { title: string; kind: 'social' | 'blog' }) {
  return (
    <div className="page">
      <PageHeader
        title={title}
        eyebrow={
          <Link to="/calendar" className="back-link">
            <ArrowLeft size={14} aria-hidden /> Back to Calendar
          </Link>
        }
      />
      <Alert type="warning" action={<Link to="/settings/billing">Billing Settings</Link>}>
        {messages.noPlanWarning}
      </Alert>
      <Card>
        <EmptyState
          icon={PenLine}
          title={
            kind === 'social'
              ? 'The social post editor arrives in a coming release'
              : 'The blog post editor arrives in a coming release'
          }
          action={
            <ButtonLink to="/calendar" variant="secondary">
              Back to Calendar
            </ButtonLink>
          }
        >
          {kind === 'social'
            ? 'Writing, scheduling and publishing posts to Facebook, Instagram, Threads and LinkedIn will happen here.'
            : 'Writing and publishing blog posts to WordPress or your own blog will happen here.'}
        </EmptyState>
      </Card>
    </div>
  );
}
