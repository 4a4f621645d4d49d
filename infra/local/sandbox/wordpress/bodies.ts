import { escapeHtml } from '../kit/answers';
import type { Media, Post } from './context';

/** Posts and media as WordPress's REST API shows them. */

/** WordPress's dates: `2024-05-01T10:00:00`, no zone (the sandbox site's time zone is UTC). */
export const wpDate = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** An ISO 8601 argument as rest_parse_date reads it: a zone-less time is the site's (UTC). */
export const parseWpDate = (value: string) => {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?$/i.test(value)) return undefined;
  const ms = Date.parse(/(Z|[+-]\d\d:\d\d)$/i.test(value) ? value : `${value}Z`);
  return Number.isNaN(ms) ? undefined : ms;
};

/** A post as the REST API shows it; `raw` fields are for `context=edit` (single reads keep them, as before). */
export const postBody = (p: Post, edit = true) => ({
  id: p.id,
  date: wpDate(p.date),
  date_gmt: wpDate(p.date),
  link: `${p.site}/?p=${p.id}`,
  status: p.status,
  author: p.author,
  featured_media: p.featured_media,
  title: edit ? { raw: p.title, rendered: escapeHtml(p.title) } : { rendered: escapeHtml(p.title) },
  content: edit ? { raw: p.content, rendered: p.content, protected: false } : { rendered: p.content, protected: false },
});

export const mediaBody = (m: Media) => {
  const title = m.stored.replace(/\.[^.]*$/, '');
  return {
    id: m.id,
    date: wpDate(m.date),
    date_gmt: wpDate(m.date),
    media_type: m.mime.startsWith('image/') ? 'image' : 'file',
    mime_type: m.mime,
    post: 0,
    title: { rendered: escapeHtml(title) },
    source_url: `${m.site}/wp-content/uploads/${encodeURIComponent(m.stored)}`,
  };
};
