/**
 * The platforms' own rules, as their documentation states them (as read in December 2026), in
 * one place the stand-ins read: API versions and their sunsets, the scope each endpoint needs,
 * text limits and how each platform counts them, LinkedIn's reserved characters, Google's
 * attributes.list parameters. Written from the documentation, not from our clients, so a client
 * that breaks a rule is refused here as the platform would refuse it. docs/platforms/*.md list
 * each rule with its source.
 */

// ---------------------------------------------------------------------------------------------
// LinkedIn versions: learn.microsoft.com, linkedin/marketing/integrations/migrations. Every
// /rest/* call carries LinkedIn-Version: YYYYMM; versions are released monthly and each lives at
// least a year; a sunset version is refused (426 NONEXISTENT_VERSION).

/** The sunsets the migrations table lists. */
const LINKEDIN_SUNSETS: Record<string, string> = {
  '202407': '2025-07-22',
  '202408': '2025-08-18',
  '202409': '2025-09-15',
  '202410': '2025-10-15',
  '202411': '2025-11-17',
  '202510': '2026-10-15',
  '202511': '2026-11-16',
  '202601': '2027-01-15',
  '202602': '2027-02-15',
  '202603': '2027-03-16',
};

/**
 * When a LinkedIn version stops being served: the table's date, else (a version the table did not
 * list yet when read) a year after its month, on the 15th, the earliest the one-year rule allows
 * give or take the day LinkedIn picks.
 */
export function linkedinSunset(version: string): number {
  const listed = LINKEDIN_SUNSETS[version];
  if (listed) return Date.parse(`${listed}T00:00:00Z`);
  const year = Number(version.slice(0, 4));
  const month = Number(version.slice(4, 6));
  return Date.UTC(year + 1, month - 1, 15);
}

/** Why LinkedIn refuses a version header now, or undefined: it is live. */
export function linkedinVersionRefusal(version: string | undefined, now = Date.now()) {
  if (!version || !/^\d{6}$/.test(version)) {
    return {
      status: 400,
      code: 'VERSION_MISSING',
      message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
    };
  }
  const month = Number(version.slice(4, 6));
  const released = Date.UTC(Number(version.slice(0, 4)), month - 1, 1);
  // A month not released yet is no more a version than a sunset one.
  if (month < 1 || month > 12 || released > now || linkedinSunset(version) <= now) {
    return { status: 426, code: 'NONEXISTENT_VERSION', message: `Requested version ${version} is not active` };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Graph versions: developers.facebook.com/docs/graph-api/changelog/versions, release and
// expiration dates. Instagram's Graph API follows the same versions.

export const GRAPH_VERSIONS: Record<string, { released: string; expires: string | null }> = {
  'v19.0': { released: '2024-01-23', expires: '2026-05-21' },
  'v20.0': { released: '2024-05-21', expires: '2026-09-24' },
  'v21.0': { released: '2024-10-02', expires: '2027-01-21' },
  'v22.0': { released: '2025-01-21', expires: '2027-05-20' },
  'v23.0': { released: '2025-05-29', expires: '2027-10-08' },
  'v24.0': { released: '2025-10-08', expires: '2028-02-18' },
  'v25.0': { released: '2026-02-18', expires: '2028-07-29' },
  'v26.0': { released: '2026-07-29', expires: null },
};

/**
 * Why a Graph version is not live now, or undefined. Graph itself serves a call to an expired
 * version with the oldest live one, so its answers change without a word; the stand-in refuses
 * instead (Graph's error shape, code 12 "deprecated"), so a test sees it the day it happens.
 */
export function graphVersionRefusal(version: string, now = Date.now()): string | undefined {
  const known = GRAPH_VERSIONS[version];
  if (!known) return `(#12) Unknown Graph API version ${version}`;
  if (Date.parse(`${known.released}T00:00:00Z`) > now) return `(#12) Graph API ${version} is not released`;
  if (known.expires && Date.parse(`${known.expires}T00:00:00Z`) <= now) {
    return `(#12) Graph API ${version} expired on ${known.expires}; Graph would answer with the oldest live version instead`;
  }
  return undefined;
}

/** Threads' API has one version, v1.0 (developers.facebook.com/docs/threads). */
export const THREADS_VERSIONS = ['v1.0'];

// ---------------------------------------------------------------------------------------------
// Scopes each endpoint needs (what a token must have been granted).

export const SCOPES = {
  /** IG Media Comments reference: POST /{ig-media-id}/comments and reading /comments. */
  instagramComments: ['instagram_basic', 'instagram_manage_comments', 'pages_read_engagement'],
  /** Pages API, comments: writing on a page post. */
  facebookCommentWrite: ['pages_manage_engagement'],
  /** Pages API, comments: reading a page post's comments back. */
  facebookCommentRead: ['pages_read_user_engagement'],
  /** LinkedIn: writing posts and comments as a member or a page. */
  linkedinWrite: { person: ['w_member_social'], organization: ['w_organization_social'] },
  /** LinkedIn: reading posts (q=author) and comments back, as a member (restricted) or a page. */
  linkedinRead: { person: ['r_member_social'], organization: ['r_organization_social'] },
} as const;

/** The scopes of `needed` a token lacks; a token without a record (saved before they were kept) lacks none. */
export const lacking = (granted: readonly string[] | undefined, needed: readonly string[]) =>
  granted ? needed.filter((scope) => !granted.includes(scope)) : [];

/** LinkedIn's kind of author of a URN. */
export const linkedinAuthorKind = (urn: string): 'person' | 'organization' =>
  urn.startsWith('urn:li:organization:') ? 'organization' : 'person';

// ---------------------------------------------------------------------------------------------
// Text limits and how each platform counts.

export const TEXT_LIMITS = {
  /** Instagram captions: 2,200 characters (content publishing). */
  instagramCaption: 2200,
  instagramComment: 2200,
  facebookComment: 8000,
  /** Threads: 500, counted as threadsCount does. */
  threadsText: 500,
  /** LinkedIn: a post's commentary 3,000 characters, a comment 1,250, counted as read (escapes removed). */
  linkedinCommentary: 3000,
  linkedinComment: 1250,
};

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const EMOJI_GRAPHEME = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F|\p{Regional_Indicator}|\u20E3/u;

/**
 * Threads' count: an emoji counts its UTF-8 byte length, every other character once (the Threads
 * documentation), so a CJK or accented letter is 1 and a face emoji 4.
 */
export function threadsCount(text: string): number {
  let count = 0;
  for (const { segment } of segmenter.segment(text)) {
    count += EMOJI_GRAPHEME.test(segment) ? Buffer.byteLength(segment, 'utf8') : Array.from(segment).length;
  }
  return count;
}

/** Characters as LinkedIn and Meta count them for their limits here: code points. */
export const characters = (text: string) => Array.from(text).length;

// ---------------------------------------------------------------------------------------------
// LinkedIn's little text (learn.microsoft.com, "little text format"): `commentary` and a
// comment's `message.text`. Reserved characters must be escaped with a backslash to be plain
// text; unescaped, LinkedIn reads markup, and cuts a post at the first character it cannot read.
// The elements are plain text, `@[name](urn:li:...)` mentions, `#word` hashtags and the
// `{hashtag|#|word}` template.

const LITTLE_RESERVED = '|{}@[]()<>#*_~\\';

export type LittleRead = { text: string } | { error: string };

/**
 * Little text read as LinkedIn reads it: the text a reader sees, or why it cannot be read whole
 * (the stand-in refuses what LinkedIn would cut, so a test sees it).
 */
export function readLittleText(little: string): LittleRead {
  let text = '';
  const chars = Array.from(little);
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] ?? '';
    if (!LITTLE_RESERVED.includes(char)) {
      text += char;
      continue;
    }
    if (char === '\\' && i + 1 < chars.length) {
      text += chars[++i] ?? '';
      continue;
    }
    const rest = chars.slice(i).join('');
    const mention = /^@\[([^\]\\]*)\]\(urn:li:(?:person|organization):[\w-]+\)/u.exec(rest);
    if (mention) {
      text += mention[1] ?? '';
      i += Array.from(mention[0]).length - 1;
      continue;
    }
    const template = /^\{hashtag\|\\?[#＃]\|([\p{L}\p{N}_]+)\}/u.exec(rest);
    if (template) {
      text += `#${template[1]}`;
      i += Array.from(template[0]).length - 1;
      continue;
    }
    if (char === '#' && /[\p{L}\p{N}]/u.test(chars[i + 1] ?? '')) {
      text += char;
      continue;
    }
    const at = Array.from(text).length;
    return {
      error: `The character '${char}' at ${i} is reserved in LinkedIn's little text format and must be escaped with a backslash; LinkedIn would cut the text after ${at} characters`,
    };
  }
  return { text };
}

// ---------------------------------------------------------------------------------------------
// Google Business Profile, business information API v1, locations attributes list
// (GET v1/attributes): the generated client documents `languageCode` as "must not be set" when
// `parent` is given; Google refuses it (400 INVALID_ARGUMENT).

export function attributesListRefusal(query: URLSearchParams): string | undefined {
  if (query.get('parent') && query.has('languageCode')) {
    return 'Request contains an invalid argument: languageCode must not be set when parent is given.';
  }
  if (!query.get('parent') && !(query.get('categoryName') && query.get('regionCode'))) {
    return 'Request contains an invalid argument.';
  }
  return undefined;
}
