import './markdown.css';
import { lazy, Suspense } from 'react';
import { Spinner } from './spinner';

// The renderer and its parsers are fetched the first time markdown is shown, not with the page.
const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

/** Markdown (a plan, a profile) as formatted text. */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={['markdown', className ?? ''].filter(Boolean).join(' ')}>
      <Suspense fallback={<Spinner label="Loading" />}>
        <MarkdownRenderer>{children}</MarkdownRenderer>
      </Suspense>
    </div>
  );
}
