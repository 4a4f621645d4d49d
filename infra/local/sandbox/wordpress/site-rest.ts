import { wordpressError } from '../kit/errors';
import { dispatch, route, type Route } from '../kit/router';
import { mediaBody, parseWpDate, postBody } from './bodies';
import { json, userId, type Media, type Post, type SiteCall, type WordPressContext } from './context';
import { listMedia, listPosts } from './lists';

/**
 * The REST routes of a site under /wp/v2, shared by the self-hosted site (/wp-json/wp/v2, Basic
 * auth with an application password) and WordPress.com's sites/{blog} (Bearer tokens).
 */

/** WordPress's sanitize_file_name, in short: whitespace to dashes, unsafe characters dropped. */
const sanitizeFileName = (name: string) =>
  name
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .replace(/-{2,}/g, '-') || 'unnamed-file';

/** wp_unique_filename: a name the site already has gets -1, -2… before its extension. */
function uniqueFileName(ctx: WordPressContext, site: string, name: string): string {
  const taken = new Set([...ctx.media.values()].filter((m) => m.site === site).map((m) => m.stored.toLowerCase()));
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 1; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${ext}`;
  return candidate;
}

const me = (ctx: WordPressContext, { res, login }: SiteCall) =>
  json(res, 200, { id: userId(ctx, login), name: login === 'admin' ? 'Site Admin' : login, slug: login });

async function upload(ctx: WordPressContext, { req, res, raw, site }: SiteCall) {
  const disposition = req.headers['content-disposition'] ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1];
  if (!filename)
    return wordpressError(res, 400, 'rest_upload_no_content_disposition', 'No Content-Disposition supplied.');
  const body = await raw();
  if (!body.length) return wordpressError(res, 400, 'rest_upload_no_data', 'No data supplied.');
  const mime = req.headers['content-type'] ?? 'application/octet-stream';
  if (!/^(image|video)\//.test(mime)) {
    return wordpressError(
      res,
      500,
      'rest_upload_sideload_error',
      'Sorry, you are not allowed to upload this file type.',
    );
  }
  const id = ctx.ids.next++;
  const stored = uniqueFileName(ctx, site, sanitizeFileName(filename));
  const item: Media = { id, stored, mime, bytes: body.length, date: Date.now(), site };
  ctx.media.set(id, item);
  return json(res, 201, mediaBody(item));
}

interface PostInput {
  title?: string;
  content?: string;
  status?: string;
  featured_media?: number;
  date?: string;
  date_gmt?: string;
}

async function createPost(ctx: WordPressContext, { res, text, login, site }: SiteCall) {
  let body: PostInput;
  try {
    body = JSON.parse((await text()) || '{}') as PostInput;
  } catch {
    return wordpressError(res, 400, 'rest_invalid_json', 'Invalid JSON body passed.');
  }
  if (!body.title && !body.content)
    return wordpressError(res, 400, 'empty_content', 'Content, title, and excerpt are empty.');
  if (body.featured_media && !ctx.media.has(body.featured_media)) {
    return wordpressError(res, 400, 'rest_invalid_featured_media', 'Invalid featured media ID.');
  }
  const given = body.date_gmt ?? body.date;
  const date = given === undefined ? Date.now() : parseWpDate(given);
  if (date === undefined) return wordpressError(res, 400, 'rest_invalid_param', 'Invalid parameter(s): date');
  const post: Post = {
    id: ctx.ids.next++,
    date,
    title: body.title ?? '',
    content: body.content ?? '',
    status: body.status ?? 'draft',
    featured_media: body.featured_media ?? 0,
    author: userId(ctx, login),
    site,
  };
  ctx.posts.set(post.id, post);
  return json(res, 201, postBody(post));
}

function readPost(ctx: WordPressContext, { res }: SiteCall, id: string) {
  const post = ctx.posts.get(Number(id));
  return post ? json(res, 200, postBody(post)) : wordpressError(res, 404, 'rest_post_invalid_id', 'Invalid post ID.');
}

const siteRoutes = (ctx: WordPressContext): Route<SiteCall>[] => [
  route<SiteCall>('GET', '/users/me', (call) => me(ctx, call)),
  route<SiteCall>('POST', '/media', (call) => upload(ctx, call)),
  route<SiteCall>('GET', '/media', (call) => listMedia(ctx, call)),
  route<SiteCall>('POST', '/posts', (call) => createPost(ctx, call)),
  route<SiteCall>('GET', /^\/posts\/(\d+)$/, (call, [id = '']) => readPost(ctx, call, id)),
  route<SiteCall>('GET', '/posts', (call) => listPosts(ctx, call)),
];

/** Answers a site's REST call on `route` (the path after /wp/v2). */
export async function siteRest(ctx: WordPressContext, call: SiteCall, subpath: string) {
  if (await dispatch(siteRoutes(ctx), call, subpath)) return;
  wordpressError(call.res, 404, 'rest_no_route', 'No route was found matching the URL and request method.');
}
