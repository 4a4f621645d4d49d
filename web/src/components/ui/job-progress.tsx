import './job-progress.css';
import { Spinner } from './spinner';

/** A running long job: what it does, and the step its last poll named. */
export function JobProgress({ title, step }: { title: string; step?: string }) {
  return (
    <div className="job-progress" role="status" aria-live="polite">
      <Spinner size={22} />
      <div>
        <p className="job-progress__title">{title}</p>
        <p className="job-progress__step">{step ? `${step}…` : 'Starting…'}</p>
      </div>
    </div>
  );
}
