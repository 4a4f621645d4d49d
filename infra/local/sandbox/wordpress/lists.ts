import { wordpressError } from '../kit/errors';
import type { ServerResponse } from 'node:http';
import { mediaBody, parseWpDate, postBody } from './bodies';
import { invalidParam, json, type Post, type SiteCall, type WordPressContext } from './context';

/**
 * GET /wp/v2/posts and /wp/v2/media with WordPress's collection arguments; an invalid one
 * answers rest_invalid_param naming it.
 */

/** WordPress's own search stopwords (WP_Query::get_search_stopwords, English). */
const STOPWORDS = new Set(
  'about an are as at be by com for from how in is it of on or that the this to was what when where who will with www'.split(
    ' ',
  ),
);
const POST_STATUSES = new Set(['publish', 'future', 'draft', 'pending', 'private', 'trash', 'any']);

/**
 * WP_Query's `s`: the string split at spaces, commas, plus signs and quotes ("quoted phrases"
 * kept), single letters and stopwords dropped, more than nine terms searched as one phrase;
 * every term must be in the title or content (WordPress also reads the excerpt, which the
 * sandbox does not keep; a leading `-` excludes a term), case-insensitively.
 */
function searchMatcher(s: string): (post: Post) => boolean {
  const found = s.match(/".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g) ?? [];
  let terms = found
    .map((t) => (/^".+"$/.test(t) ? t.slice(1, -1) : t.replace(/^["' ]+|["' ]+$/g, '')))
    .filter((t) => t && !(t.length === 1 && /^[a-z-]$/i.test(t)) && !STOPWORDS.has(t.toLowerCase()));
  if (!terms.length || terms.length > 9) terms = [s];
  return (post) =>
    terms.every((term) => {
      const exclude = term.length > 1 && term.startsWith('-');
      const word = (exclude ? term.slice(1) : term).toLowerCase();
      const hit = [post.title, post.content].some((field) => field.toLowerCase().includes(word));
      return exclude ? !hit : hit;
    });
}

/** A collection's arguments read one by one; the first invalid one is named in `invalid`. */
function argumentsOf(q: URLSearchParams) {
  let invalid: string | undefined;
  const check = <T>(name: string, value: T, ok: boolean) => {
    if (!ok) invalid ??= name;
    return value;
  };
  const oneOf = (name: string, fallback: string, allowed: string[]) => {
    const value = q.get(name) ?? fallback;
    return check(name, value, allowed.includes(value));
  };
  const date = (name: string) => {
    const value = q.has(name) ? parseWpDate(q.get(name) ?? '') : undefined;
    return check(name, value, !q.has(name) || value !== undefined);
  };
  const perPage = Number(q.get('per_page') ?? 10);
  check('per_page', perPage, Number.isInteger(perPage) && perPage >= 1 && perPage <= 100);
  return { check, oneOf, date, perPage, invalid: () => invalid };
}

/** The posts list's arguments, or the name of the first invalid one (in WordPress's order of checking). */
function postArguments(q: URLSearchParams) {
  const args = argumentsOf(q);
  const page = Number(q.get('page') ?? 1);
  args.check('page', page, Number.isInteger(page) && page >= 1);
  const context = args.oneOf('context', 'view', ['view', 'embed', 'edit']);
  const statuses = (q.get('status') ?? 'publish').split(',').map((t) => t.trim());
  args.check(
    'status',
    statuses,
    statuses.every((t) => POST_STATUSES.has(t)),
  );
  const after = args.date('after');
  const before = args.date('before');
  const orderby = args.oneOf('orderby', 'date', ['date', 'id', 'title']);
  const order = args.oneOf('order', 'desc', ['asc', 'desc']);
  const search = q.get('search');
  return {
    invalid: args.invalid(),
    perPage: args.perPage,
    page,
    context,
    statuses,
    after,
    before,
    orderby,
    order,
    search,
  };
}

const postOrder = (orderby: string) => (a: Post, b: Post) =>
  orderby === 'title'
    ? a.title.localeCompare(b.title)
    : orderby === 'id'
      ? a.id - b.id
      : a.date - b.date || a.id - b.id;

export function listPosts(ctx: WordPressContext, { res, url, site }: SiteCall) {
  const a = postArguments(url.searchParams);
  if (a.invalid) return invalidParam(res, a.invalid);
  const matches = a.search ? searchMatcher(a.search) : () => true;
  const by = postOrder(a.orderby);
  const found = [...ctx.posts.values()]
    .filter((p) => p.site === site)
    .filter((p) => (a.statuses.includes('any') ? p.status !== 'trash' : a.statuses.includes(p.status)))
    .filter((p) => (a.after === undefined || p.date > a.after) && (a.before === undefined || p.date < a.before))
    .filter(matches)
    .sort((x, y) => (a.order === 'asc' ? by(x, y) : -by(x, y)));
  const pages = Math.ceil(found.length / a.perPage);
  if (a.page > Math.max(1, pages)) return pageTooLarge(res);
  const shown = found.slice((a.page - 1) * a.perPage, a.page * a.perPage).map((p) => postBody(p, a.context === 'edit'));
  return json(res, 200, shown, { 'x-wp-total': String(found.length), 'x-wp-totalpages': String(pages) });
}

const pageTooLarge = (res: ServerResponse) =>
  wordpressError(
    res,
    400,
    'rest_post_invalid_page_number',
    'The page number requested is larger than the number of pages available.',
  );

/**
 * GET /wp/v2/media: `slug` (a comma list, exact), `search` (in the title), `parent`, `after`,
 * `per_page`, `orderby`/`order` by date.
 */
export function listMedia(ctx: WordPressContext, { res, url, site }: SiteCall) {
  const q = url.searchParams;
  const args = argumentsOf(q);
  const after = args.date('after');
  const order = args.oneOf('order', 'desc', ['asc', 'desc']);
  args.oneOf('context', 'view', ['view', 'embed', 'edit']);
  const invalid = args.invalid();
  if (invalid) return invalidParam(res, invalid);
  const search = (q.get('search') ?? '').toLowerCase();
  const slugs = q.has('slug') ? new Set((q.get('slug') ?? '').split(',').map((s) => s.trim())) : undefined;
  const parent = q.has('parent') ? Number(q.get('parent')) : undefined;
  const found = [...ctx.media.values()]
    .filter((m) => m.site === site && (after === undefined || m.date > after))
    .filter((m) => !slugs || slugs.has(m.slug ?? ''))
    .filter((m) => parent === undefined || (m.post ?? 0) === parent)
    .filter((m) => !search || (m.title ?? m.stored).toLowerCase().includes(search))
    .sort((a, b) => (order === 'asc' ? 1 : -1) * (a.date - b.date || a.id - b.id));
  return json(res, 200, found.slice(0, args.perPage).map(mediaBody), { 'x-wp-total': String(found.length) });
}
