import { POST_SUCCESS_DAYS } from '@shared/schemas/post-success';
import { ArrowRight, CircleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';

/** "2 posts failed to publish" under the chart (or the empty state), with the way to them. */
export function FailedNote({ count }: { count: number }) {
  return (
    <p className="post-success__failed-note">
      <CircleAlert size={16} aria-hidden className="post-success__failed-icon" />
      <span>
        <strong>
          {count} {count === 1 ? 'post' : 'posts'} failed
        </strong>{' '}
        to publish in the last {POST_SUCCESS_DAYS} days.{' '}
        <Link to="/calendar" className="card-link">
          Review them in the calendar <ArrowRight size={14} aria-hidden />
        </Link>
      </span>
    </p>
  );
}
