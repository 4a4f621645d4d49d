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
  title: string;
  content: string;
  status: string;
  featured_media: number;
  author: number;
  site: string;
}
export interface Media {
  id: number;
  /** The name it is stored under: sanitised, with -1, -2… when the site already has it. */
  stored: string;
  mime: string;
  bytes: number;
  date: number;
  site: string;
}

export interface ApplicationPassword {
  password: string;
  appId: string;
  name: string;
}
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
  user?: string;
  query: Record<string, string>;
  status: number;
}

export interface WordPressContext {
  origin: () => string;
  redirectAllowed: (uri: string) => boolean;
  /** Application passwords by user login: WordPress keeps several per user, grouped by app_id. */
  passwords: Map<string, ApplicationPassword[]>;
  users: Map<string, number>;
  posts: Map<number, Post>;
  media: Map<number, Media>;
  wpcomCodes: Map<string, WpcomCode>;
  wpcomTokens: Map<string, { blog: string; login: string }>;
  /** The next post or media id (one sequence, as WordPress's posts table). */
  ids: { next: number };
  received: WordPressRequestLog[];
}

/** Answers that must turn into a failure once the call has been carried out (`after`). */
export const failAfter: PendingFailures = new WeakMap();
/** WordPress's JSON answer (`charset=UTF-8`, as PHP sends it); a success gives way to a pending `after` failure. */
export const json = jsonAnswer('application/json; charset=UTF-8', failAfter);

export const invalidParam = (res: ServerResponse, name: string) =>
  wordpressError(res, 400, 'rest_invalid_param', `Invalid parameter(s): ${name}`);

/** A REST call on a site, signed in as `login`. */
export interface SiteCall extends Call {
  login: string;
  /** The site's address (the sandbox's origin, or https://{blog} on WordPress.com). */
  site: string;
}

/** The author id of a login: users are numbered as they first appear. */
export function userId(ctx: WordPressContext, login: string) {
  if (!ctx.users.has(login)) ctx.users.set(login, ctx.users.size + 1);
  return ctx.users.get(login) ?? 1;
}
