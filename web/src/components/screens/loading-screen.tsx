import { useState } from 'react';

const PHRASES = [
  'Warming up the content engine',
  'Sharpening the pencils',
  'Brewing fresh ideas',
  'Lining up your calendar',
  'Tidying the media library',
  'Counting followers',
  'Polishing the dashboard',
  'Finding the right words',
];

/** Full-area loading state: a random phrase with animated dots (spec 01 §2 "Generic screens"). */
export function LoadingScreen({ inline = false }: { inline?: boolean }) {
  const [phrase] = useState(() => PHRASES[Math.floor(Math.random() * PHRASES.length)]);
  return (
    <div className={inline ? 'loading loading--inline' : 'loading'} role="status" aria-live="polite">
      <div className="loading__mark" aria-hidden>
        <span />
        <span />
        <span />
      </div>
      <p className="loading__text">
        {phrase}
        <span className="loading__dots" aria-hidden>
          <span>.</span>
          <span>.</span>
          <span>.</span>
        </span>
      </p>
    </div>
  );
}
