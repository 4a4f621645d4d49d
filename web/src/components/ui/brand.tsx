import { Sparkles } from 'lucide-react';

/** The product's mark and name, as the sidebar and the auth screens show it. */
export function Brand() {
  return (
    <>
      <span className="brand-mark" aria-hidden>
        <Sparkles size={16} />
      </span>
      <span className="brand-name">Marketing Automation</span>
    </>
  );
}
