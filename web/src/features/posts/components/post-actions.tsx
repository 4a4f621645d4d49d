import type { PostAction, PostStatus } from '@shared/schemas/calendar';
import { CalendarClock, ChevronDown, Save, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';

const LABELS: Record<PostAction, string> = { schedule: 'Schedule', publish: 'Publish Now', save: 'Save' };
const ICONS = {
  schedule: <CalendarClock size={16} aria-hidden />,
  publish: <Send size={16} aria-hidden />,
  save: <Save size={16} aria-hidden />,
};

/**
 * Spec 01 §2 "Post pages": a new post's main action is Schedule (menu: Schedule, Publish Now,
 * Save); an existing one's follows its status (draft: Schedule, scheduled: Publish Now,
 * otherwise Save; menu: Save, Publish Now, Schedule); a published post has none.
 */
function actionsFor(status: PostStatus | undefined): { main: PostAction; menu: PostAction[] } | null {
  if (!status) return { main: 'schedule', menu: ['schedule', 'publish', 'save'] };
  if (status === 'published' || status === 'in-progress') return null;
  const main: PostAction = status === 'draft' ? 'schedule' : status === 'scheduled' ? 'publish' : 'save';
  return { main, menu: ['save', 'publish', 'schedule'] };
}

export function PostActions({
  status,
  pending,
  onAction,
}: {
  status: PostStatus | undefined;
  pending: PostAction | null;
  onAction: (action: PostAction) => void;
}) {
  const actions = actionsFor(status);
  if (!actions) return null;
  return (
    <div className="post-actions">
      <Button
        icon={ICONS[actions.main]}
        pending={pending === actions.main}
        disabled={pending !== null}
        onClick={() => onAction(actions.main)}
      >
        {LABELS[actions.main]}
      </Button>
      <details className="menu">
        <summary className="btn btn--secondary btn--md" aria-label="More actions">
          <ChevronDown size={16} aria-hidden />
        </summary>
        <div className="menu__panel menu__panel--end">
          {actions.menu.map((action) => (
            <button
              key={action}
              type="button"
              className="menu__item"
              disabled={pending !== null}
              onClick={(event) => {
                event.currentTarget.closest('details')?.removeAttribute('open');
                onAction(action);
              }}
            >
              {ICONS[action]} {LABELS[action]}
            </button>
          ))}
        </div>
      </details>
    </div>
  );
}
