import type { Comment, Media, Post, Term } from './context';

/** Posts, media and terms as WordPress's REST API shows them. */

/** WordPress's dates: `2024-05-01T10:00:00`, no zone (the sandbox site's time zone is UTC). */
const wpDate = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** An ISO 8601 argument as rest_parse_date reads it: a zone-less time is the site's (UTC). */
export const parseWpDate = (value: string) => {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?$/i.test(value)) return undefined;
  const ms = Date.parse(/(Z|[+-]\d\d:\d\d)$/i.test(value) ? value : `${value}Z`);
  return Number.isNaN(ms) ? undefined : ms;
};

/**
 * A post's address. WordPress answers the dated one with pretty permalinks; the stand-in keeps
 * `/?p=ID`, which a real site also opens (it redirects to the pretty one), and which the
 * embedded runtime's own tests read.
 */
const permalink = (p: Post) => `${p.site}/?p=${p.id}`;

/**
 * A post as the REST API shows it; `raw` fields are for `context=edit` (single reads keep them,
 * as before). Title and content are HTML already: `rendered` shows them as they are (the
 * texturizer and wpautop are not played).
 */
export const postBody = (p: Post, edit = true) => ({
  id: p.id,
  date: wpDate(p.date),
  date_gmt: wpDate(p.date),
  slug: p.slug ?? '',
  link: permalink(p),
  status: p.status,
  author: p.author,
  featured_media: p.featured_media,
  categories: p.categories ?? [],
  tags: p.tags ?? [],
  title: edit ? { raw: p.title, rendered: p.title } : { rendered: p.title },
  content: edit ? { raw: p.content, rendered: p.content, protected: false } : { rendered: p.content, protected: false },
});

export const mediaBody = (m: Media) => {
  const title = m.title ?? m.stored.replace(/\.[^.]*$/, '');
  return {
    id: m.id,
    date: wpDate(m.date),
    date_gmt: wpDate(m.date),
    slug: m.slug ?? '',
    // WordPress calls everything but images a file: a video is `file`, told apart by its mime type.
    media_type: m.mime.startsWith('image/') ? 'image' : 'file',
    mime_type: m.mime,
    post: m.post || null,
    alt_text: m.alt ?? '',
    title: { raw: title, rendered: title },
    source_url: `${m.site}/wp-content/uploads/${encodeURIComponent(m.stored)}`,
  };
};

export const termBody = (t: Term, count: number) => ({
  id: t.id,
  count,
  name: t.name,
  slug: t.slug,
  taxonomy: t.taxonomy,
  ...(t.taxonomy === 'category' ? { parent: t.parent } : {}),
});

/** A comment as the REST API shows it (`context=edit` adds what only a moderator sees). */
export const commentBody = (c: Comment, edit: boolean) => ({
  id: c.id,
  post: c.post,
  parent: 0,
  author: c.author,
  author_name: c.authorName,
  ...(edit ? { author_email: '', author_ip: '127.0.0.1', author_user_agent: '' } : {}),
  author_url: '',
  date: wpDate(c.date),
  date_gmt: wpDate(c.date),
  // wpautop's paragraph around plain text.
  content: edit ? { rendered: `<p>${c.content}</p>\n`, raw: c.content } : { rendered: `<p>${c.content}</p>\n` },
  link: `${c.site}/?p=${c.post}#comment-${c.id}`,
  status: c.status,
  type: 'comment',
  meta: [],
});
