import { isBlogPlatform, PLATFORM_LABELS, type Platform } from '@shared/platforms';
import type { Post } from '@shared/schemas/calendar';
import type { MediaFile } from '@shared/schemas/media';
import { Globe, Heart, MessageCircle, Repeat2, Send, ThumbsUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { formatInZone } from '@/lib/format-date';

/**
 * Where each app's feed cuts a post's copy behind its "more" link (what the apps show, not an API
 * rule): Facebook about 480 characters, Instagram's caption 125, LinkedIn about 210; Threads shows
 * its 500 whole. Blogs show the title and an excerpt, as a blog index does.
 */
const FEED_CUT: Record<Platform, { chars: number; more: string } | null> = {
  facebook: { chars: 480, more: 'See more' },
  instagram: { chars: 125, more: 'more' },
  threads: null,
  linkedin: { chars: 210, more: 'see more' },
  wordpress: { chars: 320, more: 'Read more' },
  'custom-blog': { chars: 320, more: 'Read more' },
};

/** Each feed's own action bar under a post, as its app labels it. */
const PREVIEW_ACTIONS: Record<Platform, { icon: ReactNode; label: string }[]> = {
  facebook: [
    { icon: <ThumbsUp size={15} aria-hidden />, label: 'Like' },
    { icon: <MessageCircle size={15} aria-hidden />, label: 'Comment' },
    { icon: <Repeat2 size={15} aria-hidden />, label: 'Share' },
  ],
  linkedin: [
    { icon: <ThumbsUp size={15} aria-hidden />, label: 'Like' },
    { icon: <MessageCircle size={15} aria-hidden />, label: 'Comment' },
    { icon: <Repeat2 size={15} aria-hidden />, label: 'Repost' },
  ],
  instagram: [
    { icon: <Heart size={15} aria-hidden />, label: 'Like' },
    { icon: <MessageCircle size={15} aria-hidden />, label: 'Comment' },
    { icon: <Send size={15} aria-hidden />, label: 'Share' },
  ],
  threads: [
    { icon: <Heart size={15} aria-hidden />, label: 'Like' },
    { icon: <MessageCircle size={15} aria-hidden />, label: 'Reply' },
    { icon: <Repeat2 size={15} aria-hidden />, label: 'Repost' },
    { icon: <Send size={15} aria-hidden />, label: 'Share' },
  ],
  // Blogs show no action bar.
  wordpress: [],
  'custom-blog': [],
};

/** The copy up to the cut, ending on a whole word. */
export function cutText(text: string, chars: number): { shown: string; cut: boolean } {
  if (text.length <= chars) return { shown: text, cut: false };
  const slice = text.slice(0, chars);
  const space = slice.lastIndexOf(' ');
  return { shown: `${(space > chars * 0.6 ? slice.slice(0, space) : slice).trimEnd()}…`, cut: true };
}

const firstLink = (text: string) => /https?:\/\/[^\s)<>"]+/i.exec(text)?.[0];

function LinkCard({ href }: { href: string }) {
  let host = href;
  try {
    host = new URL(href).hostname.replace(/^www\./, '');
  } catch {
    // not a valid address: shown as written
  }
  return (
    <div className="preview-link">
      <Globe size={18} aria-hidden />
      <div>
        <p className="preview-link__host">{host.toUpperCase()}</p>
        <p className="preview-link__url">{href}</p>
      </div>
    </div>
  );
}

/** Up to four tiles as the feeds lay them out; more are a "+N" on the last tile. */
function MediaGrid({ files, square }: { files: MediaFile[]; square: boolean }) {
  if (!files.length) return null;
  const shown = square ? files.slice(0, 1) : files.slice(0, 4);
  const rest = files.length - shown.length;
  return (
    <div className={`preview-media preview-media--${square ? 'square' : Math.min(shown.length, 4)}`}>
      {shown.map((file, i) => (
        <div key={file.id} className="preview-media__tile">
          <img src={file.thumbnails.full} alt={file.description || file.filename} />
          {rest > 0 && i === shown.length - 1 && !square ? (
            <span className="preview-media__more" aria-label={`${rest} more`}>
              +{rest}
            </span>
          ) : null}
        </div>
      ))}
      {square && files.length > 1 ? (
        <p className="preview-media__count" aria-label={`1 of ${files.length} in a carousel`}>
          1/{files.length}
        </p>
      ) : null}
    </div>
  );
}

function Copy({ text, platform, lead }: { text: string; platform: Platform; lead?: string }) {
  const [expanded, setExpanded] = useState(false);
  const cut = FEED_CUT[platform];
  const { shown, cut: isCut } = cut && !expanded ? cutText(text, cut.chars) : { shown: text, cut: false };
  return (
    <p className="preview-copy">
      {lead ? <strong>{lead} </strong> : null}
      {shown}
      {isCut && cut ? (
        <>
          {' '}
          <button type="button" className="preview-copy__more" onClick={() => setExpanded(true)}>
            {cut.more}
          </button>
        </>
      ) : null}
    </p>
  );
}

/**
 * A post as its platform's feed will show it: the account, the copy cut where that app cuts it,
 * the media grid (Instagram: the first image square, a carousel count), a link card when the
 * copy has an address and no media, and the platform's action bar.
 */
export function PlatformPreview({
  post,
  files,
  account,
  zone,
}: {
  post: Post;
  files: MediaFile[];
  account: string;
  zone: string;
}) {
  const when = formatInZone(post.date, 'd MMM, HH:mm', zone);
  const link = files.length ? undefined : firstLink(post.content);
  const header = (
    <div className="preview-head">
      <span className="preview-head__avatar" aria-hidden>
        {account.trim().charAt(0).toUpperCase() || '?'}
      </span>
      <div>
        <p className="preview-head__name">{account}</p>
        <p className="preview-head__meta">
          {post.platform === 'linkedin' ? 'Company page · ' : ''}
          {when}
        </p>
      </div>
    </div>
  );

  if (isBlogPlatform(post.platform))
    return (
      <article className="preview preview--blog" aria-label={`${PLATFORM_LABELS[post.platform]} preview`}>
        <MediaGrid files={files.slice(0, 1)} square={false} />
        <h3 className="preview-blog__title">{post.subject || 'Untitled post'}</h3>
        <p className="preview-head__meta">
          {account} · {when}
        </p>
        <Copy text={post.content.replace(/^#+\s*/gm, '')} platform={post.platform} />
      </article>
    );

  const actions = PREVIEW_ACTIONS[post.platform];
  return (
    <article className={`preview preview--${post.platform}`} aria-label={`${PLATFORM_LABELS[post.platform]} preview`}>
      {header}
      {post.platform === 'instagram' ? (
        <>
          <MediaGrid files={files} square />
          <Copy
            text={post.content}
            platform={post.platform}
            lead={account.toLowerCase().replace(/[^a-z0-9_.]+/g, '')}
          />
        </>
      ) : (
        <>
          <Copy text={post.content} platform={post.platform} />
          <MediaGrid files={files} square={false} />
          {link ? <LinkCard href={link} /> : null}
        </>
      )}
      <div className="preview-actions" aria-hidden>
        {actions.map((a) => (
          <span key={a.label}>
            {a.icon} {a.label}
          </span>
        ))}
      </div>
    </article>
  );
}
