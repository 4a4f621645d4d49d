import { z } from 'zod';
import { DuplicatePostError, PlatformError, platformError } from './platform-error';
import { addDays } from '@shared/report-periods';
import {
  authorizationUrl,
  addToDay,
  expiresIn,
  sameText,
  utcDay,
  type Insights,
  type InsightsDay,
  type InsightsRequest,
  type PlatformClient,
  type Commenter,
  type Publisher,
  type TokenSet,
} from './platform-client';
import type { PlatformConfig } from '../platform-config';
import {
  callPlatform,
  fetchPlatform,
  retryAfterSeconds,
  type PlatformReply,
  type PlatformHttpOptions,
} from './platform-http';
import { fromLittleText, toLittleText } from './linkedin-little-text';
import { askedScopes, splitScopes } from './platform-scopes';

const linkedinToken = z.object({
  access_token: z.string(),
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
  refresh_token_expires_in: z.number().optional(),
  /** The scopes granted, comma-separated. */
  scope: z.string().optional(),
});
type LinkedInToken = z.infer<typeof linkedinToken>;

/**
 * LinkedIn's errors: the OAuth endpoints answer `{error, error_description}` (invalid_grant: an
 * expired or revoked code or refresh token); the REST API answers `{status, serviceErrorCode,
 * code, message}` (65601/65602 expired or revoked token, 426 NONEXISTENT_VERSION, 429 until
 * the daily limits reset at midnight UTC).
 */
const linkedinErrorBody = z.object({
  error: z.string().optional(),
  error_description: z.string().optional(),
  status: z.number().optional(),
  serviceErrorCode: z.number().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  /** A 422's reasons, e.g. `{ code: 'DUPLICATE_POST' }` for a text posted before. */
  errorDetails: z.object({ inputErrors: z.array(z.object({ code: z.string().optional() })).optional() }).optional(),
});

const secondsToMidnightUtc = (now = new Date()) => {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.round((midnight - now.getTime()) / 1000);
};

export function classifyLinkedInError(answer: PlatformReply): PlatformError {
  // An error body of another shape still classifies, by its status.
  const body = linkedinErrorBody.safeParse(answer.body).data ?? {};
  const detail = `HTTP ${answer.status} ${body.error ?? body.code ?? ''} ${body.serviceErrorCode ?? ''}: ${
    body.error_description ?? body.message ?? ''
  }`;
  if (
    body.error === 'invalid_grant' ||
    body.serviceErrorCode === 65601 ||
    body.serviceErrorCode === 65602 ||
    body.code === 'EXPIRED_ACCESS_TOKEN' ||
    body.code === 'REVOKED_ACCESS_TOKEN' ||
    answer.status === 401
  ) {
    return platformError.expired('linkedin', detail);
  }
  if (answer.status === 429) {
    return platformError.rateLimited('linkedin', retryAfterSeconds(answer.headers, secondsToMidnightUtc()), detail);
  }
  if (answer.status === 403) {
    const named = /access:\s*([\w./:]+)/i.exec(body.message ?? '')?.[1];
    return platformError.permission('linkedin', named ?? 'needed', detail);
  }
  if (answer.status >= 500) return platformError.unavailable('linkedin', detail);
  const duplicate =
    body.errorDetails?.inputErrors?.some((e) => e.code === 'DUPLICATE_POST') ||
    /content is a duplicate/i.test(body.message ?? '');
  // The connection is fine: the text is what LinkedIn refuses.
  if (answer.status === 422 && duplicate)
    return new DuplicatePostError(
      'linkedin',
      linkedinSentences.duplicate,
      detail,
      /duplicate of (urn:li:(?:share|ugcPost):[\w-]+)/i.exec(body.message ?? '')?.[1],
    );
  return platformError.rejected('linkedin', detail);
}

/** Posting as the member and as their pages, reading both back, and the analytics of both (platform-scopes.ts). */
const LINKEDIN_SCOPES = askedScopes('linkedin').join(' ');

const organizationId = (urn: string) => /^urn:li:organization:(\d+)$/.exec(urn)?.[1];

/**
 * LinkedIn: the member's profile and the organisation pages they administer. Tokens last
 * about 60 days; apps with refresh tokens refresh them with the refresh grant (a year). The
 * REST calls carry LinkedIn-Version (configuration) and the Rest.li protocol header.
 */
export function linkedinClient(config: PlatformConfig): PlatformClient {
  const http: PlatformHttpOptions = {
    platform: 'linkedin',
    timeoutMs: config.timeoutMs,
    classify: classifyLinkedInError,
  };
  const rest = (tokens: TokenSet) => ({
    authorization: `Bearer ${tokens.accessToken}`,
    'linkedin-version': config.linkedinVersion,
    'x-restli-protocol-version': '2.0.0',
  });
  const tokenSet = (token: LinkedInToken, previous?: TokenSet): TokenSet => ({
    accessToken: token.access_token,
    expiresAt: expiresIn(token.expires_in),
    refreshToken: token.refresh_token ?? previous?.refreshToken,
    refreshExpiresAt: token.refresh_token_expires_in
      ? expiresIn(token.refresh_token_expires_in)
      : previous?.refreshExpiresAt,
    ...(token.scope === undefined ? {} : { scopes: splitScopes(token.scope) }),
  });
  const tokenEndpoint = () => new URL(`${config.linkedinWww}/oauth/v2/accessToken`);

  return {
    platform: 'linkedin',
    // LinkedIn's PKCE is for native clients only; a web app's code flow uses its client secret.
    pkce: false,
    authorizeUrl({ creds, redirectUri, state }) {
      return authorizationUrl(`${config.linkedinWww}/oauth/v2/authorization`, {
        clientId: creds.clientId,
        redirectUri,
        state,
        scope: LINKEDIN_SCOPES,
      });
    },
    async exchangeCode({ creds, redirectUri, code }) {
      const answer = await callPlatform(
        linkedinToken,
        tokenEndpoint(),
        {
          method: 'POST',
          form: {
            grant_type: 'authorization_code',
            code,
            client_id: creds.clientId,
            client_secret: creds.clientSecret,
            redirect_uri: redirectUri,
          },
        },
        http,
      );
      return tokenSet(answer.body);
    },
    async account(tokens) {
      const me = await callPlatform(
        z.object({
          sub: z.string(),
          name: z.string().optional(),
          given_name: z.string().optional(),
          family_name: z.string().optional(),
        }),
        new URL(`${config.linkedinApi}/v2/userinfo`),
        { headers: { authorization: `Bearer ${tokens.accessToken}` } },
        http,
      );
      const name = me.body.name ?? `${me.body.given_name ?? ''} ${me.body.family_name ?? ''}`.trim();
      return { id: me.body.sub, name };
    },
    async targets(tokens, account) {
      const acls = await callPlatform(
        z.object({
          elements: z.array(
            z.object({ organization: z.string(), role: z.string().optional(), state: z.string().optional() }),
          ),
        }),
        new URL(`${config.linkedinApi}/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED`),
        { headers: rest(tokens) },
        http,
      );
      const organizations = [];
      for (const acl of acls.body.elements) {
        const id = organizationId(acl.organization);
        if (!id) continue;
        const org = await callPlatform(
          z.object({ id: z.number(), localizedName: z.string().optional() }),
          new URL(`${config.linkedinApi}/rest/organizations/${id}`),
          { headers: rest(tokens) },
          http,
        );
        organizations.push({ id: acl.organization, name: org.body.localizedName ?? acl.organization });
      }
      return [{ id: `urn:li:person:${account.id}`, name: account.name }, ...organizations];
    },
    async refresh(tokens, creds) {
      if (!tokens.refreshToken) throw platformError.expired('linkedin', 'no refresh token');
      const answer = await callPlatform(
        linkedinToken,
        tokenEndpoint(),
        {
          method: 'POST',
          form: {
            grant_type: 'refresh_token',
            refresh_token: tokens.refreshToken,
            client_id: creds.clientId,
            client_secret: creds.clientSecret,
          },
        },
        http,
      );
      return tokenSet(answer.body, tokens);
    },
    publisher: linkedinPublisher(config, http, rest),
    insights: (request) => linkedinInsights(config, http, rest, request),
  };
}

/** An element of the follower or share statistics, one per day of the time interval. */
const linkedinStatistics = z.object({
  elements: z
    .array(
      z.object({
        timeRange: z.object({ start: z.number().optional(), end: z.number().optional() }).optional(),
        followerGains: z
          .object({ organicFollowerGain: z.number().optional(), paidFollowerGain: z.number().optional() })
          .optional(),
        totalShareStatistics: z
          .object({
            likeCount: z.number().optional(),
            commentCount: z.number().optional(),
            shareCount: z.number().optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});
type LinkedInTimeRange = { timeRange?: { start?: number; end?: number } };

/**
 * An organisation page's figures (Community Management API, `r_organization_admin`): daily
 * follower gains (organic and paid) from `organizationalEntityFollowerStatistics`, likes,
 * comments and shares from `organizationalEntityShareStatistics` (both with a DAY time
 * interval), and the followers now from `networkSizes` (COMPANY_FOLLOWED_BY_MEMBER). A member's
 * own profile has the member analytics instead (memberInsights).
 */
async function linkedinInsights(
  config: PlatformConfig,
  http: PlatformHttpOptions,
  rest: (tokens: TokenSet) => Record<string, string>,
  request: InsightsRequest,
): Promise<Insights> {
  if (!organizationId(request.targetId)) return memberInsights(config, http, rest(request.tokens), request);
  const headers = rest(request.tokens);
  const urn = encodeURIComponent(request.targetId);
  const start = Date.parse(`${request.from}T00:00:00Z`);
  const end = Date.parse(`${addDays(request.to, 1)}T00:00:00Z`);
  // Rest.li 2.0 query syntax: the URN encoded, the time interval's parentheses and colons as they are.
  const statistics = (resource: string) =>
    callPlatform(
      linkedinStatistics,
      new URL(
        `${config.linkedinApi}/rest/${resource}?q=organizationalEntity&organizationalEntity=${urn}` +
          `&timeIntervals=(timeRange:(start:${start},end:${end}),timeGranularityType:DAY)`,
      ),
      { headers },
      http,
    );
  const days = new Map<string, InsightsDay>();
  const dayOf = (element: LinkedInTimeRange) =>
    element.timeRange?.start === undefined ? undefined : utcDay(new Date(element.timeRange.start).toISOString());
  const followers = await statistics('organizationalEntityFollowerStatistics');
  for (const element of followers.body.elements ?? []) {
    const date = dayOf(element);
    if (date)
      addToDay(days, date, {
        followers: (element.followerGains?.organicFollowerGain ?? 0) + (element.followerGains?.paidFollowerGain ?? 0),
      });
  }
  const shares = await statistics('organizationalEntityShareStatistics');
  for (const element of shares.body.elements ?? []) {
    const date = dayOf(element);
    const totals = element.totalShareStatistics;
    if (date && totals)
      addToDay(days, date, {
        likes: totals.likeCount ?? 0,
        comments: totals.commentCount ?? 0,
        shares: totals.shareCount ?? 0,
      });
  }
  const size = await callPlatform(
    z.object({ firstDegreeSize: z.number().optional() }),
    new URL(`${config.linkedinApi}/rest/networkSizes/${urn}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`),
    { headers },
    http,
  );
  return { days: [...days.values()], currentFollowers: size.body.firstDegreeSize };
}

/** A Rest.li date: `(day:D,month:M,year:Y)`. */
const restliDate = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return `(day:${date},month:${month},year:${year})`;
};

const restliDateSchema = z.object({
  day: z.number().optional(),
  month: z.number().optional(),
  year: z.number().optional(),
});
type RestliDate = z.infer<typeof restliDateSchema>;
const dayOfRestli = (date: RestliDate | undefined) =>
  date?.year && date.month && date.day
    ? new Date(Date.UTC(date.year, date.month - 1, date.day)).toISOString().slice(0, 10)
    : undefined;

/** The member analytics' answers: one element per day of the date range. */
const memberElements = z.object({
  elements: z
    .array(
      z.object({
        dateRange: z.object({ start: restliDateSchema.optional() }).optional(),
        memberFollowersCount: z.number().optional(),
        count: z.number().optional(),
      }),
    )
    .optional(),
});

/**
 * A member's own profile (Community Management API): the followers gained each day and now
 * from `memberFollowersCount` (dateRange and me finders, `r_member_profileAnalytics`), and the
 * reactions, comments and reshares of their posts per day from `memberCreatorPostAnalytics`
 * (me finder, DAILY aggregation, `r_member_postAnalytics`). A connection made before these
 * scopes were asked answers 403: the platform fails until it is reconnected.
 */
async function memberInsights(
  config: PlatformConfig,
  http: PlatformHttpOptions,
  headers: Record<string, string>,
  request: InsightsRequest,
): Promise<Insights> {
  // The end of a Rest.li date range is excluded.
  const range = `(start:${restliDate(request.from)},end:${restliDate(addDays(request.to, 1))})`;
  const get = (path: string) =>
    callPlatform(memberElements, new URL(`${config.linkedinApi}/rest/${path}`), { headers }, http);
  const days = new Map<string, InsightsDay>();
  for (const element of (await get(`memberFollowersCount?q=dateRange&dateRange=${range}`)).body.elements ?? []) {
    const date = dayOfRestli(element.dateRange?.start);
    if (date) addToDay(days, date, { followers: element.memberFollowersCount ?? 0 });
  }
  const metrics = { REACTION: 'likes', COMMENT: 'comments', RESHARE: 'shares' } as const;
  for (const [queryType, field] of Object.entries(metrics)) {
    const answer = await get(
      `memberCreatorPostAnalytics?q=me&queryType=${queryType}&aggregation=DAILY&dateRange=${range}`,
    );
    for (const element of answer.body.elements ?? []) {
      const date = dayOfRestli(element.dateRange?.start);
      if (date) addToDay(days, date, { [field]: element.count ?? 0 });
    }
  }
  const now = await get('memberFollowersCount?q=me');
  return { days: [...days.values()], currentFollowers: now.body.elements?.[0]?.memberFollowersCount };
}

export const linkedinSentences = {
  duplicate:
    'LinkedIn refused this post because the same text was already posted on this page. Change the text, then publish it again.',
  video: 'Publishing videos to LinkedIn is not available yet. Remove the video, or post it on LinkedIn yourself.',
};

/** How far back a lookup accepts a post as ours: the clocks of the platform and the worker differ. */
const CLOCK_SLACK_MS = 2 * 60_000;
/** The posts finder's page (LinkedIn allows up to 100) and how many pages a lookup reads at most. */
const FIND_PAGE_SIZE = 50;
const FIND_PAGES = 4;

/**
 * A LinkedIn post: each image initialised on `/rest/images?action=initializeUpload` and its
 * bytes PUT to the upload URL, then `/rest/posts` as the chosen author (person or
 * organisation). The post's URN comes back in `x-restli-id`; its address is the feed update's.
 */
function linkedinPublisher(
  config: PlatformConfig,
  http: PlatformHttpOptions,
  rest: (tokens: TokenSet) => Record<string, string>,
): Publisher {
  return {
    comment: linkedinCommenter(config, http, rest),
    check(request) {
      if (request.media.some((m) => m.kind === 'video'))
        throw new PlatformError('linkedin', 'rejected', linkedinSentences.video, 'video');
    },
    async prepare(request) {
      const uploaded: string[] = [];
      for (const media of request.media) {
        const init = await callPlatform(
          z.object({ value: z.object({ uploadUrl: z.string(), image: z.string() }) }),
          new URL(`${config.linkedinApi}/rest/images?action=initializeUpload`),
          {
            method: 'POST',
            headers: rest(request.tokens),
            json: { initializeUploadRequest: { owner: request.targetId } },
          },
          http,
        );
        const bytes = await media.read();
        // The upload address answers no JSON: only its status is read.
        const { status } = await fetchPlatform(
          new URL(init.body.value.uploadUrl),
          {
            method: 'PUT',
            headers: { authorization: `Bearer ${request.tokens.accessToken}`, 'content-type': media.contentType },
            bytes,
          },
          { platform: 'linkedin', timeoutMs: config.timeoutMs * 3 },
        );
        if (status >= 400) throw classifyLinkedInError({ status, body: {}, headers: {} });
        uploaded.push(init.body.value.image);
      }
      return { uploaded };
    },
    advance: (_request, progress) => Promise.resolve({ state: 'ready', progress }),
    async create(request, progress) {
      const images = progress.uploaded ?? [];
      const content =
        images.length === 1
          ? { media: { id: images[0] } }
          : images.length > 1
            ? { multiImage: { images: images.map((id) => ({ id })) } }
            : undefined;
      // The post's id comes in x-restli-id; the body is empty (read as {}).
      const created = await callPlatform(
        z.object({}),
        new URL(`${config.linkedinApi}/rest/posts`),
        {
          method: 'POST',
          headers: rest(request.tokens),
          json: {
            author: request.targetId,
            commentary: toLittleText(request.text),
            visibility: 'PUBLIC',
            distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
            ...(content ? { content } : {}),
            lifecycleState: 'PUBLISHED',
            isReshareDisabledByAuthor: false,
          },
        },
        http,
      );
      const id = created.headers['x-restli-id'];
      if (typeof id !== 'string' || !id) throw platformError.unavailable('linkedin', 'no x-restli-id');
      return { externalId: id, permalink: `${config.linkedinWww}/feed/update/${id}/` };
    },
    async find(request, since) {
      // Newest first, a page at a time, until the posts are older than the claim: a run that
      // published many posts since (a Publish Now of twenty) still finds its own.
      for (let start = 0; start < FIND_PAGES * FIND_PAGE_SIZE; start += FIND_PAGE_SIZE) {
        const url = new URL(`${config.linkedinApi}/rest/posts`);
        url.searchParams.set('q', 'author');
        url.searchParams.set('author', request.targetId);
        url.searchParams.set('start', String(start));
        url.searchParams.set('count', String(FIND_PAGE_SIZE));
        const answer = await callPlatform(
          z.object({
            elements: z.array(
              z.object({ id: z.string(), commentary: z.string().optional(), createdAt: z.number().optional() }),
            ),
          }),
          url,
          { headers: { ...rest(request.tokens), 'x-restli-method': 'FINDER' } },
          http,
        );
        const recent = answer.body.elements.filter((p) => (p.createdAt ?? 0) >= since.getTime() - CLOCK_SLACK_MS);
        const match = recent.find((p) => sameText(fromLittleText(p.commentary ?? ''), request.text));
        if (match) return { externalId: match.id, permalink: `${config.linkedinWww}/feed/update/${match.id}/` };
        if (answer.body.elements.length < FIND_PAGE_SIZE || recent.length < answer.body.elements.length) break;
      }
      return undefined;
    },
  };
}

/**
 * A first comment on LinkedIn: `POST /rest/socialActions/{post urn}/comments` as the post's
 * author (`actor`), its URN in `x-restli-id`; the post's comments read back for the lookup.
 */
function linkedinCommenter(
  config: PlatformConfig,
  http: PlatformHttpOptions,
  rest: (tokens: TokenSet) => Record<string, string>,
): Commenter {
  const comments = (postUrn: string) =>
    new URL(`${config.linkedinApi}/rest/socialActions/${encodeURIComponent(postUrn)}/comments`);
  return {
    async create(request, postUrn, text) {
      const created = await callPlatform(
        z.object({ id: z.string().optional(), commentUrn: z.string().optional() }),
        comments(postUrn),
        {
          method: 'POST',
          headers: rest(request.tokens),
          json: { actor: request.targetId, object: postUrn, message: { text: toLittleText(text) } },
        },
        http,
      );
      const id = created.headers['x-restli-id'] ?? created.body.commentUrn ?? created.body.id;
      if (typeof id !== 'string' || !id) throw platformError.unavailable('linkedin', 'no comment id');
      return { externalId: id };
    },
    async find(request, postUrn, text, since) {
      const answer = await callPlatform(
        z.object({
          elements: z.array(
            z.object({
              id: z.string().optional(),
              commentUrn: z.string().optional(),
              actor: z.string().optional(),
              message: z.object({ text: z.string().optional() }).optional(),
              created: z.object({ time: z.number().optional() }).optional(),
            }),
          ),
        }),
        comments(postUrn),
        { headers: rest(request.tokens) },
        http,
      );
      const match = answer.body.elements.find(
        (c) =>
          c.actor === request.targetId &&
          sameText(fromLittleText(c.message?.text ?? ''), text) &&
          (c.created?.time ?? 0) >= since.getTime() - CLOCK_SLACK_MS,
      );
      const id = match?.commentUrn ?? match?.id;
      return id ? { externalId: id } : undefined;
    },
  };
}
