import { jsonAnswer, type PendingFailures } from '../kit/answers';
import { wordpressError } from '../kit/errors';
import type { Call } from '../kit/router';
import type { ServerResponse } from 'node:http';

/**
 * What the WordPress modules (site REST, authorize-application, WordPress.com, control) share:
 * the sites' state, kept across restarts inside the platform sandbox's state file.
 */
export interface Post {
  id: number;
  /** When it was made (or the `date_gmt` a create gave), ms since the epoch. */
  date: number;
  /** HTML, as WordPress keeps it: what the caller sent. */
  title: string;
  content: string;
  status: string;
  featured_media: number;
  author: number;
  site: string;
  /** Term ids; a post given none is filed under the site's default category, as WordPress does. */
  categories?: number[];
  tags?: number[];
  slug?: string;
}
export interface Media {
  id: number;
  /** The name it is stored under: sanitised, with -1, -2… when the site already has it. */
  stored: string;
  mime: string;
  bytes: number;
  date: number;
  site: string;
  /** The post slug (`post_name`): the one asked for, made unique among the site's media. */
  slug?: string;
  title?: string;
  alt?: string;
  /** The post it is attached to (its parent), 0 for none. */
  post?: number;
}

/** A comment someone left under a post (the stand-in's readers' comments are drawn on read: comments.ts). */
export interface Comment {
  id: number;
  post: number;
  site: string;
  /** The commenter's user id, 0 for a visitor. */
  author: number;
  authorName: string;
  /** As sent: WordPress shows it through wpautop. */
  content: string;
  /** WordPress's names in answers. */
  status: 'approved' | 'hold' | 'spam' | 'trash';
  /** ms since the epoch. */
  date: number;
}

export interface ApplicationPassword {
  password: string;
  appId: string;
  name: string;
  /** As WordPress names each one (a v4 UUID), and when it was made (seconds). */
  uuid?: string;
  created?: number;
}

/** A category or tag of a site (one id sequence with posts, as WordPress's terms are apart but unique). */
export interface Term {
  id: number;
  taxonomy: 'category' | 'post_tag';
  name: string;
  slug: string;
  parent: number;
  site: string;
}

/** WordPress's roles, each with what the app's calls need of it. */
export const ROLE_CAPABILITIES: Record<string, string[]> = {
  administrator: [
    'read',
    'edit_posts',
    'publish_posts',
    'upload_files',
    'unfiltered_html',
    'manage_categories',
    'edit_users',
    'list_users',
    'create_users',
    'moderate_comments',
  ],
  editor: [
    'read',
    'edit_posts',
    'publish_posts',
    'upload_files',
    'unfiltered_html',
    'manage_categories',
    'moderate_comments',
  ],
  author: ['read', 'edit_posts', 'publish_posts', 'upload_files'],
  contributor: ['read', 'edit_posts'],
  subscriber: ['read'],
};
export interface WpcomCode {
  blog: string;
  redirectUri: string;
  login: string;
  expires: number;
}

export interface WordPressRequestLog {
  at: string;
  method: string;
  path: string;
  /** The REST route the call named (`/wp/v2/posts`), by path or `rest_route`. */
  route?: string;
  user?: string;
  query: Record<string, string>;
  /** 0 when the connection closed without an answer. */
  status: number;
}

export interface WordPressContext {
  origin: () => string;
  redirectAllowed: (uri: string) => boolean;
  /** Application passwords by user login: WordPress keeps several per user, grouped by app_id. */
  passwords: Map<string, ApplicationPassword[]>;
  users: Map<string, number>;
  /** Each login's role; a login first seen at the sandbox's sign-in is an administrator. */
  roles: Map<string, string>;
  posts: Map<number, Post>;
  /** Comments left through the API; readers' comments on top of them are drawn on read. */
  comments: Map<number, Comment>;
  terms: Map<number, Term>;
  /** Sites whose permalinks are Plain: /wp-json/ is then a web page and the API is at ?rest_route=. */
  plainPermalinks: Set<string>;
  media: Map<number, Media>;
  wpcomCodes: Map<string, WpcomCode>;
  wpcomTokens: Map<string, { blog: string; login: string }>;
  /** The next post, media, term or comment id (one sequence: ids unique across them). */
  ids: { next: number };
  received: WordPressRequestLog[];
}

/** Answers that must turn into a failure once the call has been carried out (`after`). */
export const failAfter: PendingFailures = new WeakMap();
/** WordPress's JSON answer (`charset=UTF-8`, as PHP sends it); a success gives way to a pending `after` failure. */
export const json = jsonAnswer('application/json; charset=UTF-8', failAfter);

export const invalidParam = (res: ServerResponse, name: string) =>
  wordpressError(res, 400, 'rest_invalid_param', `Invalid parameter(s): ${name}`);

/** A REST call on a site, signed in as `login` (with `password`, the application password used). */
export interface SiteCall extends Call {
  login: string;
  password?: ApplicationPassword;
  /** The site's address (the sandbox's origin, or https://{blog} on WordPress.com). */
  site: string;
}

/** The author id of a login: users are numbered as they first appear. */
export function userId(ctx: WordPressContext, login: string) {
  if (!ctx.users.has(login)) ctx.users.set(login, ctx.users.size + 1);
  return ctx.users.get(login) ?? 1;
}

export const roleOf = (ctx: WordPressContext, login: string) => ctx.roles.get(login) ?? 'administrator';
/** What a login may do; a visitor (no login: the public comments list) may do nothing. */
export const can = (ctx: WordPressContext, login: string, capability: string) =>
  login !== '' && (ROLE_CAPABILITIES[roleOf(ctx, login)] ?? []).includes(capability);
export const loginOf = (ctx: WordPressContext, id: number) => [...ctx.users].find(([, uid]) => uid === id)?.[0];

/** The address a site's REST API is announced at (its Link header), by its permalinks. */
export const apiRoot = (ctx: WordPressContext, site: string) =>
  ctx.plainPermalinks.has(site) ? `${site}/index.php?rest_route=/` : `${site}/wp-json/`;
