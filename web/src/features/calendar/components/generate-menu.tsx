import { ChevronDown, FileText, Megaphone, Sparkles } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { GenerateKind } from '@/api/posts/generate-posts';
import { loadCalendarDialogs } from './load-calendar-dialogs';

/** The form, its date picker and the job polling are fetched the first time Generate... is chosen. */
const GenerateDialog = lazy(() => loadCalendarDialogs().then((m) => ({ default: m.GenerateDialog })));

/** Generate... with Social Media posts and Blog posts (spec 01 §2), each opening the AI generation dialog. */
export function GenerateMenu({ zone }: { zone: string }) {
  const [kind, setKind] = useState<GenerateKind | null>(null);
  const menu = useRef<HTMLDetailsElement>(null);
  const open = (next: GenerateKind) => {
    if (menu.current) menu.current.open = false;
    setKind(next);
  };
  return (
    <>
      <details className="menu" ref={menu}>
        <summary className="btn btn--secondary btn--md">
          <Sparkles size={16} aria-hidden /> Generate... <ChevronDown size={16} aria-hidden />
        </summary>
        <div className="menu__panel">
          <button type="button" className="menu__item" onClick={() => open('social')}>
            <Megaphone size={16} aria-hidden /> Social Media posts
          </button>
          <button type="button" className="menu__item" onClick={() => open('blog')}>
            <FileText size={16} aria-hidden /> Blog posts
          </button>
        </div>
      </details>
      {kind ? (
        <Suspense fallback={null}>
          <GenerateDialog kind={kind} zone={zone} onClose={() => setKind(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
