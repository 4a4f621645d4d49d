import { randomBytes, randomUUID } from 'node:crypto';
import { wordpressError } from '../kit/errors';
import { dispatch, route, type Route } from '../kit/router';
import { commentBody, mediaBody, parseWpDate, postBody, termBody } from './bodies';
import { listComments } from './comments';
import {
  can,
  json,
  loginOf,
  ROLE_CAPABILITIES,
  roleOf,
  userId,
  type ApplicationPassword,
  type Comment,
  type Media,
  type Post,
  type SiteCall,
  type Term,
  type WordPressContext,
} from './context';
import { listMedia, listPosts } from './lists';

/**
 * The REST routes of a site under /wp/v2, shared by the self-hosted site (/wp-json/wp/v2 or
 * ?rest_route=/wp/v2, Basic auth with an application password) and WordPress.com's
 * sites/{blog} (Bearer tokens). Each answers as WordPress 6.1 does, including where it says
 * nothing: a featured image that is not an image is dropped with a 201, a term id the site lacks
 * is skipped.
 */

/** remove_accents' letters that are not an accent on a Latin letter (en_US). */
const LETTERS: Record<string, string> = {
  ß: 's',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'OE',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ł: 'l',
  Ł: 'L',
};
/** sanitize_file_name's special characters, dropped from every name. */
const SPECIAL = /[?[\]/\\=<>:;,'"&$#*()|~`!{}%+’«»”“\0]/g;

/** WordPress's sanitize_file_name: accents removed, its special characters dropped, runs of spaces and dashes to one dash. */
const sanitizeFileName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæÆøØœŒđĐðÐþÞłŁ]/g, (c) => LETTERS[c] ?? c)
    .replace(/\u00a0/g, ' ')
    .replace(SPECIAL, '')
    .replace(/%20/g, '-')
    .replace(/[\r\n\t -]+/g, '-')
    .replace(/^[.\-_]+|[.\-_]+$/g, '') || 'unnamed-file';

/** wp_unique_filename: a name the site already has gets -1, -2… before its extension. */
function uniqueFileName(ctx: WordPressContext, site: string, name: string): string {
  const taken = new Set([...ctx.media.values()].filter((m) => m.site === site).map((m) => m.stored.toLowerCase()));
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 1; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${ext}`;
  return candidate;
}

/** sanitize_title for a slug: lower case, dashes, nothing else. */
const slugOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z0-9#]+;/gi, '')
    .replace(/[^a-z0-9_\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-');

/** wp_unique_post_slug: a slug another item of the site has gets -2, -3…. */
function uniqueSlug(taken: Set<string>, wanted: string) {
  let slug = wanted;
  for (let n = 2; taken.has(slug); n++) slug = `${wanted}-${n}`;
  return slug;
}

/** sanitize_text_field: tags stripped, whitespace runs to one space (what WordPress keeps of an alt text). */
const sanitizeText = (text: string) =>
  text
    .replace(/<[^>]*>?/g, '')
    .replace(/[\r\n\t ]+/g, ' ')
    .trim();

const notAllowed = (call: SiteCall, code: string, message: string) =>
  wordpressError(call.res, call.login ? 403 : 401, code, message);

async function jsonBody<T>(call: SiteCall): Promise<T | undefined> {
  try {
    return JSON.parse((await call.text()) || '{}') as T;
  } catch {
    wordpressError(call.res, 400, 'rest_invalid_json', 'Invalid JSON body passed.');
    return undefined;
  }
}

/** An argument as text: what PHP would make of a string or a number, nothing of anything else. */
const textOf = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** A request's arguments, as WP_REST_Request merges them: JSON or form body over the query string. */
async function args(call: SiteCall): Promise<Record<string, unknown> | undefined> {
  const query = Object.fromEntries(call.url.searchParams);
  if (call.method === 'GET' || call.method === 'DELETE') return query;
  const type = call.req.headers['content-type'] ?? '';
  if (type.includes('json')) {
    const body = await jsonBody<Record<string, unknown>>(call);
    return body && { ...query, ...body };
  }
  if (type.includes('x-www-form-urlencoded')) return { ...query, ...Object.fromEntries(await call.form()) };
  return query;
}

// Users -----------------------------------------------------------------------------------------

const userBody = (ctx: WordPressContext, login: string, edit: boolean) => {
  const role = roleOf(ctx, login);
  return {
    id: userId(ctx, login),
    name: login === 'admin' ? 'Site Admin' : login,
    slug: login,
    ...(edit
      ? {
          username: login,
          roles: [role],
          capabilities: Object.fromEntries([...(ROLE_CAPABILITIES[role] ?? []), role].map((c) => [c, true])),
        }
      : {}),
  };
};

const me = (ctx: WordPressContext, call: SiteCall) =>
  json(call.res, 200, userBody(ctx, call.login, call.url.searchParams.get('context') === 'edit'));

async function createUser(ctx: WordPressContext, call: SiteCall) {
  if (!can(ctx, call.login, 'create_users')) {
    return notAllowed(call, 'rest_cannot_create_user', 'Sorry, you are not allowed to create new users.');
  }
  const body = await args(call);
  if (!body) return;
  const login = textOf(body.username).trim();
  if (!login) return wordpressError(call.res, 400, 'rest_missing_callback_param', 'Missing parameter(s): username');
  if (ctx.users.has(login))
    return wordpressError(call.res, 500, 'existing_user_login', 'Sorry, that username already exists!');
  const [role = 'subscriber'] = Array.isArray(body.roles) ? (body.roles as string[]) : [];
  if (!ROLE_CAPABILITIES[role])
    return wordpressError(
      call.res,
      400,
      'rest_user_invalid_role',
      'Sorry, you are not allowed to give users that role.',
    );
  userId(ctx, login);
  ctx.roles.set(login, role);
  return json(call.res, 201, userBody(ctx, login, true));
}

async function updateUser(ctx: WordPressContext, call: SiteCall, id: string) {
  const login = loginOf(ctx, Number(id));
  if (!login) return wordpressError(call.res, 404, 'rest_user_invalid_id', 'Invalid user ID.');
  if (login !== call.login && !can(ctx, call.login, 'edit_users')) {
    return notAllowed(call, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this user.');
  }
  const body = await args(call);
  if (!body) return;
  const [role] = Array.isArray(body.roles) ? (body.roles as string[]) : [];
  if (role !== undefined) {
    if (!can(ctx, call.login, 'edit_users') || !ROLE_CAPABILITIES[role]) {
      return wordpressError(
        call.res,
        403,
        'rest_cannot_edit_roles',
        'Sorry, you are not allowed to edit roles of this user.',
      );
    }
    ctx.roles.set(login, role);
  }
  return json(call.res, 200, userBody(ctx, login, true));
}

// Application passwords -------------------------------------------------------------------------

const passwordBody = (p: ApplicationPassword) => ({
  uuid: p.uuid ?? '',
  app_id: p.appId,
  name: p.name,
  created: p.created ? new Date(p.created * 1000).toISOString().slice(0, 19) : null,
  last_used: null,
  last_ip: null,
});

/** WordPress's own rule: an application name is unique per user. */
export function addApplicationPassword(
  ctx: WordPressContext,
  login: string,
  input: { name: string; appId: string },
): ApplicationPassword | 'duplicate' {
  const existing = ctx.passwords.get(login) ?? [];
  if (existing.some((p) => p.name === input.name)) return 'duplicate';
  const entry: ApplicationPassword = {
    // 24 characters from [A-Za-z0-9], as wp_generate_password( 24, false ).
    password: randomBytes(18)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, 'x')
      .slice(0, 24),
    appId: input.appId,
    name: input.name,
    uuid: randomUUID(),
    created: Math.floor(Date.now() / 1000),
  };
  ctx.passwords.set(login, [...existing, entry]);
  return entry;
}

/** Whose passwords a route names: `me`, or a user id the caller may edit (only an admin edits others). */
function passwordOwner(ctx: WordPressContext, call: SiteCall, who: string): string | undefined {
  const login = who === 'me' ? call.login : loginOf(ctx, Number(who));
  if (!login) {
    wordpressError(call.res, 404, 'rest_user_invalid_id', 'Invalid user ID.');
    return undefined;
  }
  if (login !== call.login && !can(ctx, call.login, 'edit_users')) {
    notAllowed(
      call,
      'rest_cannot_list_application_passwords',
      'Sorry, you are not allowed to list application passwords for this user.',
    );
    return undefined;
  }
  return login;
}

function listPasswords(ctx: WordPressContext, call: SiteCall, who: string) {
  const login = passwordOwner(ctx, call, who);
  if (login) json(call.res, 200, (ctx.passwords.get(login) ?? []).map(passwordBody));
}

function introspect(call: SiteCall) {
  if (!call.password) {
    return wordpressError(
      call.res,
      404,
      'rest_no_authenticated_app_password',
      'Cannot introspect application password.',
    );
  }
  return json(call.res, 200, passwordBody(call.password));
}

async function createPassword(ctx: WordPressContext, call: SiteCall, who: string) {
  const login = passwordOwner(ctx, call, who);
  if (!login) return;
  const body = await args(call);
  if (!body) return;
  const name = textOf(body.name).trim();
  if (!name) {
    return wordpressError(
      call.res,
      400,
      'application_password_empty_name',
      'An application name is required to create an application password.',
    );
  }
  const made = addApplicationPassword(ctx, login, { name, appId: textOf(body.app_id) });
  if (made === 'duplicate') {
    return wordpressError(
      call.res,
      409,
      'application_password_duplicate_name',
      'Each application name should be unique.',
    );
  }
  return json(call.res, 201, { ...passwordBody(made), password: made.password });
}

function deletePasswords(ctx: WordPressContext, call: SiteCall, who: string, uuid?: string) {
  const login = passwordOwner(ctx, call, who);
  if (!login) return;
  const existing = ctx.passwords.get(login) ?? [];
  if (uuid === undefined) {
    ctx.passwords.set(login, []);
    return json(call.res, 200, { deleted: true, count: existing.length });
  }
  const found = existing.find((p) => p.uuid === uuid);
  if (!found)
    return wordpressError(call.res, 404, 'rest_application_password_not_found', 'Application password not found.');
  ctx.passwords.set(
    login,
    existing.filter((p) => p !== found),
  );
  return json(call.res, 200, { deleted: true, previous: passwordBody(found) });
}

// Media -----------------------------------------------------------------------------------------

async function upload(ctx: WordPressContext, call: SiteCall) {
  const { req, res, raw, site } = call;
  if (!can(ctx, call.login, 'upload_files')) {
    return notAllowed(call, 'rest_cannot_create', 'Sorry, you are not allowed to upload media on this site.');
  }
  const disposition = Buffer.from(req.headers['content-disposition'] ?? '', 'latin1').toString('utf8');
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
  const q = call.url.searchParams;
  const parent = Number(q.get('post') ?? 0);
  const id = ctx.ids.next++;
  const stored = uniqueFileName(ctx, site, sanitizeFileName(filename));
  const title = q.get('title') ?? stored.replace(/\.[^.]*$/, '');
  const taken = new Set([...ctx.media.values()].filter((m) => m.site === site).map((m) => m.slug ?? ''));
  const slug = uniqueSlug(taken, slugOf(q.get('slug') ?? title) || String(id));
  const item: Media = {
    id,
    stored,
    mime,
    bytes: body.length,
    date: Date.now(),
    site,
    slug,
    title,
    alt: sanitizeText(q.get('alt_text') ?? ''),
    post: parent,
  };
  ctx.media.set(id, item);
  return json(res, 201, mediaBody(item));
}

function readMedia(ctx: WordPressContext, { res, site }: SiteCall, id: string) {
  const item = ctx.media.get(Number(id));
  return item && item.site === site
    ? json(res, 200, mediaBody(item))
    : wordpressError(res, 404, 'rest_post_invalid_id', 'Invalid post ID.');
}

async function updateMedia(ctx: WordPressContext, call: SiteCall, id: string) {
  const item = ctx.media.get(Number(id));
  if (!item || item.site !== call.site)
    return wordpressError(call.res, 404, 'rest_post_invalid_id', 'Invalid post ID.');
  if (!can(ctx, call.login, 'upload_files')) {
    return notAllowed(call, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.');
  }
  const body = await args(call);
  if (!body) return;
  const next: Media = {
    ...item,
    ...(body.post !== undefined ? { post: Number(body.post) || 0 } : {}),
    ...(body.alt_text !== undefined ? { alt: sanitizeText(textOf(body.alt_text)) } : {}),
    ...(body.title !== undefined ? { title: textOf(body.title) } : {}),
  };
  ctx.media.set(item.id, next);
  return json(call.res, 200, mediaBody(next));
}

// Posts -----------------------------------------------------------------------------------------

interface PostInput {
  title?: string;
  content?: string;
  status?: string;
  featured_media?: number;
  categories?: number[];
  tags?: number[];
  date?: string;
  date_gmt?: string;
}

/** The site's default category (WordPress's "Uncategorized", term 1), made on first use. */
function defaultCategory(ctx: WordPressContext, site: string): number {
  const found = [...ctx.terms.values()].find(
    (t) => t.site === site && t.taxonomy === 'category' && t.slug === 'uncategorized',
  );
  if (found) return found.id;
  const id = ctx.ids.next++;
  ctx.terms.set(id, { id, taxonomy: 'category', name: 'Uncategorized', slug: 'uncategorized', parent: 0, site });
  return id;
}

/** Term ids of the site and taxonomy; others are skipped, as wp_set_object_terms skips unknown ids. */
const knownTerms = (ctx: WordPressContext, site: string, taxonomy: Term['taxonomy'], ids: unknown) =>
  (Array.isArray(ids) ? ids : []).map(Number).filter((id) => {
    const term = ctx.terms.get(id);
    return term?.site === site && term.taxonomy === taxonomy;
  });

async function createPost(ctx: WordPressContext, call: SiteCall) {
  const { res, login, site } = call;
  const body = (await args(call)) as PostInput | undefined;
  if (!body) return;
  if (!can(ctx, login, 'edit_posts')) {
    return notAllowed(call, 'rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.');
  }
  const status = body.status ?? 'draft';
  if ((status === 'publish' || status === 'future') && !can(ctx, login, 'publish_posts')) {
    return notAllowed(call, 'rest_cannot_publish', 'Sorry, you are not allowed to publish posts in this post type.');
  }
  if (!body.title && !body.content)
    return wordpressError(res, 400, 'empty_content', 'Content, title, and excerpt are empty.');
  const given = body.date_gmt ?? body.date;
  const date = given === undefined ? Date.now() : parseWpDate(given);
  if (date === undefined) return wordpressError(res, 400, 'rest_invalid_param', 'Invalid parameter(s): date');
  // create_item ignores what set_post_thumbnail answers: an unknown id or a video is dropped, and the post is made.
  const featured = body.featured_media ? ctx.media.get(body.featured_media) : undefined;
  const categories = knownTerms(ctx, site, 'category', body.categories);
  const id = ctx.ids.next++;
  const taken = new Set([...ctx.posts.values()].filter((p) => p.site === site).map((p) => p.slug ?? ''));
  const post: Post = {
    id,
    date,
    title: body.title ?? '',
    content: body.content ?? '',
    status,
    featured_media: featured?.site === site && featured.mime.startsWith('image/') ? featured.id : 0,
    author: userId(ctx, login),
    site,
    categories: categories.length ? categories : [defaultCategory(ctx, site)],
    tags: knownTerms(ctx, site, 'post_tag', body.tags),
    slug: uniqueSlug(taken, slugOf(body.title ?? '') || String(id)),
  };
  ctx.posts.set(post.id, post);
  return json(res, 201, postBody(post));
}

function readPost(ctx: WordPressContext, { res, site }: SiteCall, id: string) {
  const post = ctx.posts.get(Number(id));
  return post && post.site === site
    ? json(res, 200, postBody(post))
    : wordpressError(res, 404, 'rest_post_invalid_id', 'Invalid post ID.');
}

// Comments --------------------------------------------------------------------------------------

/** handle_status_param's names; any other leaves the comment as wp_allow_comment made it. */
const COMMENT_STATUSES: Record<string, Comment['status']> = {
  approve: 'approved',
  approved: 'approved',
  '1': 'approved',
  hold: 'hold',
  '0': 'hold',
  spam: 'spam',
  trash: 'trash',
};

/**
 * POST /wp/v2/comments `{post, content, status?}` signed in: only a moderator may set `status`;
 * otherwise wp_allow_comment approves a moderator's comment and the post author's, and holds
 * the others for moderation (WordPress's default: an author's first comment waits).
 */
async function createComment(ctx: WordPressContext, call: SiteCall) {
  const { res, login, site } = call;
  const body = await args(call);
  if (!body) return;
  const moderates = can(ctx, login, 'moderate_comments');
  if (body.status !== undefined && !moderates) {
    return notAllowed(call, 'rest_comment_invalid_status', "Sorry, you are not allowed to edit 'status' for comments.");
  }
  const post = ctx.posts.get(Number(body.post));
  if (!post || post.site !== site) {
    return notAllowed(
      call,
      'rest_comment_invalid_post_id',
      'Sorry, you are not allowed to create this comment without a post.',
    );
  }
  const content = textOf(body.content).trim();
  if (!content) return wordpressError(res, 400, 'rest_comment_content_invalid', 'Invalid comment content.');
  const author = userId(ctx, login);
  const allowed = moderates || post.author === author ? 'approved' : 'hold';
  const status = (body.status !== undefined && COMMENT_STATUSES[textOf(body.status)]) || allowed;
  const comment: Comment = {
    id: ctx.ids.next++,
    post: post.id,
    site,
    author,
    authorName: login,
    content,
    status,
    date: Date.now(),
  };
  ctx.comments.set(comment.id, comment);
  return json(res, 201, commentBody(comment, moderates));
}

// Categories and tags ---------------------------------------------------------------------------

function listTerms(ctx: WordPressContext, { res, site, url }: SiteCall, taxonomy: Term['taxonomy']) {
  if (taxonomy === 'category') defaultCategory(ctx, site);
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  const count = (t: Term) =>
    [...ctx.posts.values()].filter(
      (p) => p.site === site && (taxonomy === 'category' ? p.categories : p.tags)?.includes(t.id),
    ).length;
  const found = [...ctx.terms.values()]
    .filter((t) => t.site === site && t.taxonomy === taxonomy)
    .filter((t) => !search || t.name.toLowerCase().includes(search) || t.slug.includes(search))
    .sort((a, b) => a.name.localeCompare(b.name));
  return json(
    res,
    200,
    found.map((t) => termBody(t, count(t))),
    { 'x-wp-total': String(found.length) },
  );
}

async function createTerm(ctx: WordPressContext, call: SiteCall, taxonomy: Term['taxonomy']) {
  if (!can(ctx, call.login, 'manage_categories')) {
    return notAllowed(call, 'rest_cannot_create', 'Sorry, you are not allowed to create terms in this taxonomy.');
  }
  const body = await args(call);
  if (!body) return;
  const name = textOf(body.name).trim();
  if (!name) return wordpressError(call.res, 400, 'rest_missing_callback_param', 'Missing parameter(s): name');
  const slug = slugOf(name);
  const existing = [...ctx.terms.values()].find(
    (t) => t.site === call.site && t.taxonomy === taxonomy && t.slug === slug,
  );
  if (existing) {
    return json(call.res, 400, {
      code: 'term_exists',
      message: 'A term with the name provided already exists with this parent.',
      data: { status: 400, term_id: existing.id },
    });
  }
  const id = ctx.ids.next++;
  const term: Term = { id, taxonomy, name, slug, parent: Number(body.parent ?? 0), site: call.site };
  ctx.terms.set(id, term);
  return json(call.res, 201, termBody(term, 0));
}

const PASSWORDS = /^\/users\/(me|\d+)\/application-passwords$/;
const PASSWORD = /^\/users\/(me|\d+)\/application-passwords\/([0-9a-f-]{36})$/i;

const siteRoutes = (ctx: WordPressContext): Route<SiteCall>[] => [
  route<SiteCall>('GET', '/users/me', (call) => me(ctx, call)),
  route<SiteCall>('POST', '/users', (call) => createUser(ctx, call)),
  route<SiteCall>('POST', /^\/users\/(\d+)$/, (call, [id = '']) => updateUser(ctx, call, id)),
  route<SiteCall>('GET', '/users/me/application-passwords/introspect', (call) => introspect(call)),
  route<SiteCall>('GET', PASSWORDS, (call, [who = '']) => listPasswords(ctx, call, who)),
  route<SiteCall>('POST', PASSWORDS, (call, [who = '']) => createPassword(ctx, call, who)),
  route<SiteCall>('DELETE', PASSWORDS, (call, [who = '']) => deletePasswords(ctx, call, who)),
  route<SiteCall>('DELETE', PASSWORD, (call, [who = '', uuid = '']) => deletePasswords(ctx, call, who, uuid)),
  route<SiteCall>('POST', '/media', (call) => upload(ctx, call)),
  route<SiteCall>('GET', '/media', (call) => listMedia(ctx, call)),
  route<SiteCall>('GET', /^\/media\/(\d+)$/, (call, [id = '']) => readMedia(ctx, call, id)),
  route<SiteCall>('POST', /^\/media\/(\d+)$/, (call, [id = '']) => updateMedia(ctx, call, id)),
  route<SiteCall>('POST', '/posts', (call) => createPost(ctx, call)),
  route<SiteCall>('GET', /^\/posts\/(\d+)$/, (call, [id = '']) => readPost(ctx, call, id)),
  route<SiteCall>('GET', '/posts', (call) => listPosts(ctx, call)),
  route<SiteCall>('GET', '/comments', (call) => listComments(ctx, call)),
  route<SiteCall>('POST', '/comments', (call) => createComment(ctx, call)),
  route<SiteCall>('GET', '/categories', (call) => listTerms(ctx, call, 'category')),
  route<SiteCall>('POST', '/categories', (call) => createTerm(ctx, call, 'category')),
  route<SiteCall>('GET', '/tags', (call) => listTerms(ctx, call, 'post_tag')),
  route<SiteCall>('POST', '/tags', (call) => createTerm(ctx, call, 'post_tag')),
];

/** Answers a site's REST call on `route` (the path after /wp/v2). */
export async function siteRest(ctx: WordPressContext, call: SiteCall, subpath: string) {
  if (await dispatch(siteRoutes(ctx), call, subpath)) return;
  wordpressError(call.res, 404, 'rest_no_route', 'No route was found matching the URL and request method.');
}
