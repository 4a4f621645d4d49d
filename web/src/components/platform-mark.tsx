import { PLATFORM_LABELS, type Platform } from '@shared/platforms';
import './platform-mark.css';

const INITIALS: Record<Platform, string> = {
  facebook: 'f',
  instagram: 'Ig',
  threads: '@',
  linkedin: 'in',
  wordpress: 'W',
  'custom-blog': 'B',
};

/** A platform's small coloured mark; the name is read out, the initials are decoration. */
export function PlatformMark({ platform, size = 'sm' }: { platform: Platform; size?: 'sm' | 'md' }) {
  return (
    <span
      className={`platform-mark platform-mark--${platform} platform-mark--${size}`}
      title={PLATFORM_LABELS[platform]}
    >
      <span aria-hidden>{INITIALS[platform]}</span>
      <span className="visually-hidden">{PLATFORM_LABELS[platform]}</span>
    </span>
  );
}
