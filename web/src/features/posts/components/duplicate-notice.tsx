import { isBlogPlatform, PLATFORM_LABELS } from '@shared/platforms';
import type { Post } from '@shared/schemas/calendar';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { viewerZone } from '@/lib/dates';
import { usePostDuplicate } from '@/api/posts/duplicates';

/** The editor's duplicate warning (docs/features/bulk-import-and-feeds.md#duplicates): a warning, never a refusal. */
export function DuplicateNotice({ post }: { post: Post }) {
  const duplicate = usePostDuplicate(post, viewerZone()).data;
  if (!duplicate) return null;
  const path = `/${isBlogPlatform(post.platform) ? 'blog' : 'post'}/${duplicate.duplicateOf}`;
  return (
    <Alert type="warning" title="Possible duplicate" action={<Link to={path}>Open post {duplicate.duplicateOf}</Link>}>
      The same copy is scheduled on {PLATFORM_LABELS[post.platform]} within a week. You can still schedule both.
    </Alert>
  );
}
