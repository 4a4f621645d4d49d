import { ChevronDown, FileText, Megaphone, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useDeleteScheduled } from '@/api/posts/calendar-posts';
import { GenerateMenu } from './generate-menu';

function CreateMenu() {
  return (
    <details className="menu">
      <summary className="btn btn--primary btn--md">
        Create... <ChevronDown size={16} aria-hidden />
      </summary>
      <div className="menu__panel">
        <Link className="menu__item" to="/post/create">
          <Megaphone size={16} aria-hidden /> Social media post
        </Link>
        <Link className="menu__item" to="/blog/create">
          <FileText size={16} aria-hidden /> Blog post
        </Link>
      </div>
    </details>
  );
}

/**
 * The calendar's header actions (spec 01 §2): Delete scheduled posts (those on the days shown,
 * after a confirmation), Generate... (AI drafts) and Create....
 */
export function CalendarActions({
  range,
  scheduledCount,
}: {
  range: { zone: string; from: string; to: string; label: string };
  scheduledCount: number;
}) {
  const confirm = useConfirm();
  const remove = useDeleteScheduled();
  const onDelete = async () => {
    const ok = await confirm({
      title: 'Delete scheduled posts?',
      description: `The ${scheduledCount} scheduled post${scheduledCount === 1 ? '' : 's'} of ${range.label} will be deleted. Drafts and published posts stay.`,
      confirmLabel: 'Delete scheduled posts',
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(
      { zone: range.zone, from: range.from, to: range.to },
      {
        onSuccess: ({ deleted }) => notify.success(`${deleted} scheduled post${deleted === 1 ? '' : 's'} deleted.`),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };
  return (
    <>
      <Button
        variant="ghost"
        icon={<Trash2 size={16} aria-hidden />}
        disabled={scheduledCount === 0}
        pending={remove.isPending}
        title={scheduledCount === 0 ? 'No scheduled posts on these days' : undefined}
        onClick={() => void onDelete()}
      >
        Delete scheduled posts
      </Button>
      <GenerateMenu zone={range.zone} />
      <CreateMenu />
    </>
  );
}
