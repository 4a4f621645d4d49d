import type { ServerResponse } from 'node:http';
import { clock } from '../../../../functions/core/clock';
import { postFiguresAt, utcSlot } from '../../../../functions/core/reports/engagement-model';
import { wordpressError } from '../kit/errors';
import { postEngagement } from '../platforms/insights';
import { commentBody } from './bodies';
import { can, json, type Comment, type Post, type SiteCall, type WordPressContext } from './context';

/**
 * GET /wp/v2/comments as WordPress 6.1 answers it: `post` (a comma list of ids), `status`
 * (`approve` by default; `hold`, `spam`, `trash`, `all`), `page`, `per_page`, `context`,
 * `_fields` (top-level fields), newest first, the totals in X-WP-Total and X-WP-TotalPages. An
 * invalid argument answers rest_invalid_param with its `params` and `details`; a visitor (the
 * list is public) and a user who may not edit posts see approved comments only.
 *
 * Readers comment on a published post over its first days, through the engagement model of
 * the platform stand-ins (functions/core/reports/engagement-model.ts): its count of readers'
 * comments is the model's at each whole day since publishing, on the runtime's clock, so a
 * count holds through a day and a moved dev clock brings more. They come beside the comments
 * left through the API (POST /wp/v2/comments), and are never stored.
 */

const DAY_MS = 86_400_000;
/** Drawn comments' ids: far above the site's one sequence of posts, media and comments. */
const READER_IDS = 900_000_000;
const READERS = ['Sam Porter', 'Alex Moreau', 'Jo Lindqvist', 'Priya Raman', 'Tom Becker'];
const READER_WORDS = ['Lovely, thank you for sharing!', 'Saved this for the weekend.', 'We tried it: it works.'];

/** The readers' comments a published post has by now. */
function readersComments(post: Post, now: number): Comment[] {
  const days = Math.floor((now - post.date) / DAY_MS);
  if (post.status !== 'publish' || days < 0) return [];
  const base = postEngagement({ id: `wordpress:${post.site}:${post.id}` });
  const { comments } = postFiguresAt(base, utcSlot(post.date), days + 0.5);
  return Array.from({ length: comments }, (_, n) => ({
    id: READER_IDS + post.id * 100 + n,
    post: post.id,
    site: post.site,
    author: 0,
    authorName: READERS[n % READERS.length] ?? 'Reader',
    content: READER_WORDS[n % READER_WORDS.length] ?? '',
    status: 'approved' as const,
    date: Math.min(now, post.date + (n + 1) * 60_000),
  }));
}

const STATUSES: Record<string, Comment['status'][]> = {
  approve: ['approved'],
  hold: ['hold'],
  spam: ['spam'],
  trash: ['trash'],
  all: ['approved', 'hold'],
};

interface Invalid {
  param: string;
  code: 'rest_invalid_type' | 'rest_out_of_bounds';
  message: string;
  data: { param: string } | null;
}

const isInteger = (value: string) => /^-?\d+$/.test(value.trim());

/** The list's arguments in WordPress's order of registration, with every invalid one. */
function commentArguments(q: URLSearchParams) {
  const invalid: Invalid[] = [];
  const integer = (name: string, fallback: number, min: number, max?: number) => {
    const raw = q.get(name);
    if (raw === null) return fallback;
    if (!isInteger(raw)) {
      invalid.push({
        param: name,
        code: 'rest_invalid_type',
        message: `${name} is not of type integer.`,
        data: { param: name },
      });
      return fallback;
    }
    const value = Number(raw);
    if (value < min || (max !== undefined && value > max)) {
      const message =
        max === undefined
          ? `${name} must be greater than or equal to ${min}`
          : `${name} must be between ${min} (inclusive) and ${max} (inclusive)`;
      invalid.push({ param: name, code: 'rest_out_of_bounds', message, data: null });
    }
    return value;
  };
  const page = integer('page', 1, 1);
  const perPage = integer('per_page', 10, 1, 100);
  const items = (q.get('post') ?? '').split(',').filter((item) => item.trim() !== '');
  const bad = items.findIndex((item) => !isInteger(item));
  if (bad >= 0) {
    const param = `post[${bad}]`;
    invalid.push({
      param: 'post',
      code: 'rest_invalid_type',
      message: `${param} is not of type integer.`,
      data: { param },
    });
  }
  return { invalid, page, perPage, posts: items.map(Number), status: q.get('status') ?? 'approve' };
}

/** WordPress's answer for invalid arguments: every one named, with why. */
function invalidArguments(res: ServerResponse, invalid: Invalid[]) {
  return json(res, 400, {
    code: 'rest_invalid_param',
    message: `Invalid parameter(s): ${invalid.map((i) => i.param).join(', ')}`,
    data: {
      status: 400,
      params: Object.fromEntries(invalid.map((i) => [i.param, i.message])),
      details: Object.fromEntries(invalid.map((i) => [i.param, { code: i.code, message: i.message, data: i.data }])),
    },
  });
}

/** `_fields`: only the top-level fields named (WordPress 6.1 drops a nested one, `content.rendered`). */
function onlyFields(body: Record<string, unknown>, fields: string | null) {
  if (fields === null) return body;
  const wanted = new Set(fields.split(',').map((f) => f.trim()));
  return Object.fromEntries(Object.entries(body).filter(([name]) => wanted.has(name)));
}

export function listComments(ctx: WordPressContext, call: SiteCall) {
  const { res, url, site, login } = call;
  const q = url.searchParams;
  const a = commentArguments(q);
  if (a.invalid.length) return invalidArguments(res, a.invalid);
  // rest_authorization_required_code: 401 signed out, 403 signed in.
  const refuse = (code: string, message: string) => wordpressError(res, login ? 403 : 401, code, message);
  const moderates = can(ctx, login, 'moderate_comments');
  if (a.posts.includes(0) && !moderates) {
    return refuse('rest_cannot_read', 'Sorry, you are not allowed to read comments without a post.');
  }
  const edit = q.get('context') === 'edit';
  if (edit && !moderates) return refuse('rest_forbidden_context', 'Sorry, you are not allowed to edit comments.');
  if (a.status !== 'approve' && !can(ctx, login, 'edit_posts')) {
    return refuse('rest_forbidden_param', 'Query parameter not permitted: status');
  }
  const statuses = STATUSES[a.status] ?? [];
  const now = clock.now().getTime();
  const onSite = [...ctx.posts.values()].filter((p) => p.site === site && (!a.posts.length || a.posts.includes(p.id)));
  const found = [
    ...[...ctx.comments.values()].filter((c) => c.site === site && (!a.posts.length || a.posts.includes(c.post))),
    ...onSite.flatMap((p) => readersComments(p, now)),
  ]
    .filter((c) => statuses.includes(c.status))
    .sort((x, y) => y.date - x.date || y.id - x.id);
  const pages = Math.ceil(found.length / a.perPage);
  const shown = found
    .slice((a.page - 1) * a.perPage, a.page * a.perPage)
    .map((c) => onlyFields(commentBody(c, edit), q.get('_fields')));
  return json(res, 200, shown, { 'x-wp-total': String(found.length), 'x-wp-totalpages': String(pages) });
}
