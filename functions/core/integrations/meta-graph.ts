import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { PLATFORM_LABELS, type SocialPlatform } from '@shared/schemas/integrations';
import { sameText, type Commenter, type PublishMedia, type Publisher, type PublishRequest } from './platform-client';
import { platformError, type PlatformError } from './platform-error';
import { callPlatform, retryAfterSeconds, type PlatformReply, type PlatformHttpOptions } from './platform-http';

/**
 * Meta's Graph error shape, shared by Facebook, Instagram and Threads:
 * `{error: {message, type, code, error_subcode, fbtrace_id}}`. Code 190 (and the session
 * subcodes) is a dead token; 4, 17, 32 and 613 are rate limits, as is subcode 2207042 (the
 * Instagram publishing limit); 10 and 200-299 are missing permissions.
 */
const graphErrorBody = z.object({
  error: z
    .object({
      message: z.string().optional(),
      type: z.string().optional(),
      code: z.number().optional(),
      error_subcode: z.number().optional(),
    })
    .optional(),
});

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80001, 80002, 80004, 80005, 80006, 80008]);
const EXPIRED_SUBCODES = new Set([458, 459, 460, 463, 464, 467, 492]);

const businessUseCaseUsage = z.record(
  z.string(),
  z.array(z.looseObject({ estimated_time_to_regain_access: z.number().optional() })),
);

/** Minutes until access returns, from X-Business-Use-Case-Usage when Meta sends it. */
function usageWaitSeconds(headers: IncomingHttpHeaders): number | undefined {
  const raw = headers['x-business-use-case-usage'];
  if (typeof raw !== 'string') return undefined;
  try {
    const usage = businessUseCaseUsage.safeParse(JSON.parse(raw));
    if (!usage.success) return undefined;
    const minutes = Object.values(usage.data)
      .flat()
      .map((u) => u.estimated_time_to_regain_access ?? 0);
    const most = Math.max(0, ...minutes);
    return most > 0 ? most * 60 : undefined;
  } catch {
    return undefined;
  }
}

export function classifyGraphError(platform: SocialPlatform, answer: PlatformReply): PlatformError {
  // An error body of another shape still classifies, by its status.
  const error = graphErrorBody.safeParse(answer.body).data?.error;
  const code = error?.code;
  const subcode = error?.error_subcode;
  const detail = `HTTP ${answer.status} ${error?.type ?? ''} ${code ?? ''}/${subcode ?? ''}: ${error?.message ?? ''}`;
  if (code === 190 || (subcode !== undefined && EXPIRED_SUBCODES.has(subcode)) || code === 102) {
    return platformError.expired(platform, detail);
  }
  if (answer.status === 429 || (code !== undefined && RATE_LIMIT_CODES.has(code)) || subcode === 2207042) {
    const fallback = code === 4 || subcode === 2207042 ? 3600 : 600;
    return platformError.rateLimited(
      platform,
      usageWaitSeconds(answer.headers) ?? retryAfterSeconds(answer.headers, fallback),
      detail,
    );
  }
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299)) {
    const named = /\b([a-z]+(?:_[a-z]+)+)\b/.exec(error?.message ?? '')?.[1];
    return platformError.permission(platform, named ?? 'needed', detail);
  }
  if (answer.status >= 500 || code === 1 || code === 2) return platformError.unavailable(platform, detail);
  return platformError.rejected(platform, detail);
}

/** A Graph list page: `data` and, when there is more, `paging.next` (an absolute URL). */
export const graphPage = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), paging: z.object({ next: z.string().optional() }).optional() });

/** Graph's ids are strings; a number is read as its digits. */
export const graphIdValue = z.union([z.string(), z.number()]).transform(String);
/** What a Graph create answers: the new object's id. */
export const graphCreated = z.object({ id: graphIdValue });
/** An object of a list read by its fields: its id, and the rest read field by field. */
const graphObject = z.looseObject({ id: graphIdValue });
/** A container's status fields (`status_code`/`status`, `status`/`error_message`), read by the caller. */
const statusAnswer = z.record(z.string(), z.unknown());
const permalinkAnswer = z.object({ permalink: z.string().optional() });

const stringField = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Where Instagram and Threads differ in the container → status → publish flow they share. */
export interface ContainerApi {
  platform: 'instagram' | 'threads';
  url: (path: string, query?: Record<string, string>) => URL;
  http: PlatformHttpOptions;
  /** `media` / `threads`: creates containers and lists what was published. */
  edge: string;
  /** `media_publish` / `threads_publish`. */
  publishEdge: string;
  /** `caption` / `text`. */
  textField: string;
  /** The status fields to ask for, and how to read them. */
  statusFields: string;
  readStatus: (body: Record<string, unknown>) => { status: string; error?: string };
  /** The parameters of one item's container. */
  item: (media: PublishMedia, carouselItem: boolean) => Record<string, string>;
  /** A post with no media (Threads' TEXT); absent where media is required. */
  textOnly?: Record<string, string>;
}

const mediaSentence = (platform: 'instagram' | 'threads', reason: string) =>
  `${PLATFORM_LABELS[platform]} could not process this post's image or video (${reason}). Replace the file and publish again.`;

/** How far back a lookup accepts a post as ours: the clocks of the platform and the worker differ. */
const CLOCK_SLACK_MS = 2 * 60_000;

/**
 * Instagram's and Threads' publishing: item containers (carousel children when there are
 * several files), a poll until each is FINISHED, the carousel parent, then the publish call.
 * Nothing is visible until `create`; `find` reads the account's latest posts.
 */
export function containerPublisher(api: ContainerApi): Publisher {
  const auth = (request: PublishRequest) => ({ authorization: `Bearer ${request.tokens.accessToken}` });
  const post = (request: PublishRequest, path: string, form: Record<string, string>) =>
    callPlatform(graphCreated, api.url(path), { method: 'POST', form, headers: auth(request) }, api.http);
  const statusOf = async (request: PublishRequest, id: string) =>
    api.readStatus(
      (
        await callPlatform(
          statusAnswer,
          api.url(id, { fields: api.statusFields }),
          { headers: auth(request) },
          api.http,
        )
      ).body,
    );
  const permalinkOf = async (request: PublishRequest, id: string) => {
    try {
      const answer = await callPlatform(
        permalinkAnswer,
        api.url(id, { fields: 'permalink' }),
        { headers: auth(request) },
        api.http,
      );
      return answer.body.permalink ?? null;
    } catch {
      // The post exists; a missing permalink must not make its outcome look unknown.
      return null;
    }
  };
  /** Polls containers: the first error, else whether all are finished. */
  const pollAll = async (request: PublishRequest, ids: string[]): Promise<{ finished: boolean; error?: string }> => {
    let finished = true;
    for (const id of ids) {
      const { status, error } = await statusOf(request, id);
      if (status === 'ERROR' || status === 'EXPIRED') return { finished: false, error: error ?? status };
      if (status !== 'FINISHED' && status !== 'PUBLISHED') finished = false;
    }
    return { finished };
  };

  return {
    check() {},
    async prepare(request) {
      const target = request.targetId;
      if (request.media.length === 0) {
        if (!api.textOnly) throw platformError.rejected(api.platform, 'a post without media');
        const created = await post(request, `${target}/${api.edge}`, {
          ...api.textOnly,
          [api.textField]: request.text,
        });
        return { items: [created.body.id] };
      }
      if (request.media.length === 1) {
        const [media] = request.media;
        const created = await post(request, `${target}/${api.edge}`, {
          ...api.item(media as PublishMedia, false),
          [api.textField]: request.text,
        });
        return { items: [created.body.id] };
      }
      const items: string[] = [];
      for (const media of request.media) {
        items.push((await post(request, `${target}/${api.edge}`, api.item(media, true))).body.id);
      }
      return { items };
    },
    async advance(request, progress) {
      const items = progress.items ?? [];
      if (!progress.parent) {
        const polled = await pollAll(request, items);
        if (polled.error !== undefined) return { state: 'failed', message: mediaSentence(api.platform, polled.error) };
        if (!polled.finished) return { state: 'waiting', progress };
        if (items.length < 2) return { state: 'ready', progress };
        const parent = await post(request, `${request.targetId}/${api.edge}`, {
          media_type: 'CAROUSEL',
          children: items.join(','),
          [api.textField]: request.text,
        });
        progress = { ...progress, parent: parent.body.id };
      }
      const polled = await pollAll(request, [progress.parent ?? '']);
      if (polled.error !== undefined) return { state: 'failed', message: mediaSentence(api.platform, polled.error) };
      return { state: polled.finished ? 'ready' : 'waiting', progress };
    },
    async create(request, progress) {
      const creationId = progress.parent ?? progress.items?.[0];
      if (!creationId) throw platformError.rejected(api.platform, 'nothing prepared');
      const published = await post(request, `${request.targetId}/${api.publishEdge}`, { creation_id: creationId });
      return { externalId: published.body.id, permalink: await permalinkOf(request, published.body.id) };
    },
    async find(request, since) {
      const answer = await callPlatform(
        graphPage(graphObject),
        api.url(`${request.targetId}/${api.edge}`, {
          fields: `id,${api.textField},timestamp,permalink`,
          limit: '25',
        }),
        { headers: auth(request) },
        api.http,
      );
      const match = answer.body.data.find(
        (p) =>
          sameText(stringField(p[api.textField]), request.text) &&
          Date.parse(stringField(p.timestamp) ?? '') >= since.getTime() - CLOCK_SLACK_MS,
      );
      return match ? { externalId: match.id, permalink: stringField(match.permalink) ?? null } : undefined;
    },
  };
}

/**
 * A first comment on Graph: `POST /{object-id}/comments` with `message` (a page post, with the
 * page's token; an Instagram media object, with the user's token), and the object's comments
 * read back for the lookup (Facebook answers `message` and `created_time`, Instagram `text` and
 * `timestamp`).
 */
export function graphCommenter(input: {
  url: (path: string, query?: Record<string, string>) => URL;
  http: PlatformHttpOptions;
  auth: (request: PublishRequest) => Record<string, string>;
  textField: 'message' | 'text';
  timeField: 'created_time' | 'timestamp';
}): Commenter {
  return {
    async create(request, postId, text) {
      const created = await callPlatform(
        graphCreated,
        input.url(`${postId}/comments`),
        { method: 'POST', form: { message: text }, headers: input.auth(request) },
        input.http,
      );
      return { externalId: created.body.id };
    },
    async find(request, postId, text, since) {
      const answer = await callPlatform(
        graphPage(graphObject),
        input.url(`${postId}/comments`, { fields: `id,${input.textField},${input.timeField}`, limit: '50' }),
        { headers: input.auth(request) },
        input.http,
      );
      const match = answer.body.data.find(
        (c) =>
          sameText(stringField(c[input.textField]), text) &&
          Date.parse((stringField(c[input.timeField]) ?? '').replace(/([+-]\d{2})(\d{2})$/, '$1:$2')) >=
            since.getTime() - CLOCK_SLACK_MS,
      );
      return match ? { externalId: match.id } : undefined;
    },
  };
}
