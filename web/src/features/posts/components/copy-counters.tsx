import {
  copyLength,
  POST_MAX_LENGTH,
  POST_MIN_LENGTH,
  PLATFORM_LABELS,
  visibleLength,
  type Platform,
} from '@shared/platform-rules';

/**
 * Spec 01 §5: a character counter per selected platform, showing its maximum, counted as that
 * platform counts (Threads: an emoji as its UTF-8 bytes), as the server checks it.
 */
export function CopyCounters({ platforms, content }: { platforms: Platform[]; content: string }) {
  const characters = visibleLength(content);
  return (
    <ul className="counters" aria-label="Characters per platform">
      {platforms.map((platform) => {
        const max = POST_MAX_LENGTH[platform];
        const length = copyLength(platform, content);
        const state = length > max ? 'over' : characters < POST_MIN_LENGTH ? 'under' : 'ok';
        return (
          <li key={platform} className={`counter counter--${state}`}>
            <span className="counter__name">{PLATFORM_LABELS[platform]}</span>
            <span className="counter__value">
              {length.toLocaleString('en-GB')} / {max.toLocaleString('en-GB')}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
