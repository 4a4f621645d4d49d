import type { AiGoal, GeneratedPost, PostsRequest, SocialPlatform } from '../ai-port';
import { POST_MAX_LENGTH, POST_MIN_LENGTH, platformLength, sameText } from '../content-rules';
import { dateWords } from './calendar-words';
import { baseVars, type CompanyFacts, companyFacts } from './company-facts';
import { exclusionTerms, mentionsAny } from '../request-hints';
import { askSentences, type Instructions, readInstructions } from './instructions';
import { type Rng, rng } from './seeded';
import { capitalize, clipWords, fill, hashtag, uniq } from './text';

/**
 * Social posts from templates: each post takes an angle (introduction, the customer's need, the
 * why, local pride, a checklist, a keyword, behind the scenes, reviews, a question, the season,
 * the goal), a hook, the user's special instructions said in its own words (every post carries
 * each of them), two or three points in the company's own words, a call to action and hashtags,
 * shaped for the platform. Templates starting with "~" are casual: left out for a professional
 * tone and on LinkedIn.
 */
interface Angle {
  id: string;
  hooks: string[];
  points: string[];
  /** A checklist: three items shown as a numbered list. */
  list?: { intro?: string; items: string[] };
  cta?: 'review' | 'comment';
  /** The variable the angle cannot do without. */
  needs?: string;
}

/** Needs no variable, so every company has at least this angle to post from. */
const INTRO_ANGLE: Angle = {
  id: 'intro',
  hooks: [
    'Meet {name}.',
    '~New here? Let {us} introduce {ourselves}.',
    'Who {we} are, in a nutshell.',
    '~Say hello to {name}.',
  ],
  points: [
    '{lead}',
    '{detail}',
    '{We} work with {customers}.',
    'Everything {we} do is built around {audience}.',
    '{whyLine}',
  ],
};

const ANGLES: Angle[] = [
  INTRO_ANGLE,
  {
    id: 'need',
    needs: 'need',
    hooks: [
      "If you're one of the {audience} who {need}, this one's for you.",
      '{Audience} who {need}: {we} hear you.',
      '~Calling all {audience} who {need}.',
    ],
    points: [
      "That's exactly why {name} exists.",
      '{lead}',
      '{We} keep things simple, so you can focus on what matters to you.',
      'No guesswork and no hassle: just {offerNoun} you can count on.',
      '{whyLine}',
    ],
  },
  {
    id: 'why',
    needs: 'whyLine',
    hooks: ['Why {we} do what {we} do.', 'The story behind {name}.', "Every business has a reason. Here's {ours}."],
    points: ['{whyLine}', '{whyMore}', "It's why {we} show up for {audience} every day.", '{lead}'],
  },
  {
    id: 'local',
    needs: 'place',
    hooks: [
      "~{place}, this one's for you.",
      'Proudly local in {places}.',
      '~Love {place}? So do {we}.',
      'Serving {places}, one customer at a time.',
    ],
    points: [
      'As {offer} serving {places}, {we} know the area and the people in it.',
      "Local businesses keep {place} special, and {we're} proud to be one of them.",
      '{lead}',
      "Whether you're around the corner or across {place}, {we'd} love to hear from you.",
    ],
  },
  {
    id: 'checklist',
    hooks: [
      '3 things to look for when choosing {offerAny}:',
      'Choosing {offerAny}? Keep these in mind:',
      'A quick checklist before you pick {offerAny}:',
    ],
    list: {
      items: [
        'people who listen before they sell',
        'honest, upfront answers to your questions',
        'real reviews from people like you',
        'someone local who knows {place}',
        'consistency you can count on, every time',
        'care in the small details',
        'experience with {audience}',
      ],
    },
    points: [
      "That's the standard {we} hold {ourselves} to at {name}.",
      'That is what {audience} tell {us} matters most.',
    ],
  },
  {
    id: 'keyword',
    needs: 'keyword',
    hooks: ["Let's talk about {keyword}.", 'Spotlight on {keyword}.', 'Thinking about {keyword}?'],
    points: [
      "If {keyword} is on your list, {we'd} love to help.",
      'Ask {us} anything about {keyword}: no question is too small.',
      '{lead}',
      '{We} help {audience} with {keyword} every week.',
    ],
  },
  {
    id: 'behind',
    hooks: [
      'A peek behind the scenes at {name}.',
      "What you don't see at {name}.",
      'Behind every {category} is someone who cares.',
    ],
    points: [
      'Every day starts with the same question: how can {we} make things better for {audience}?',
      '{whyLine}',
      '{detail}',
      'The small things matter, and {we} take care of them so you do not have to.',
    ],
  },
  {
    id: 'reviews',
    cta: 'review',
    hooks: [
      'Nothing makes {our} day like hearing from you.',
      'A big thank-you to everyone who has trusted {name}.',
      'Your words keep {us} going.',
    ],
    points: [
      'Every review helps other {audience} find {us}.',
      '{We} read every single one, and {we} learn from each of them.',
      '{lead}',
    ],
  },
  {
    id: 'question',
    cta: 'comment',
    hooks: ['A question for {audienceHere}:', '~Quick question for you:', "{We'd} love your take on this."],
    points: [
      'What matters most to you when choosing {offerAny}?',
      'Your answers help {us} shape what {we} do next.',
      '{lead}',
    ],
  },
  {
    id: 'season',
    needs: 'month',
    hooks: [
      '~Hello, {month}!',
      'Happy {weekday} from {name}.',
      '{Season} is here{inPlace?}.',
      'New month, same promise from {name}.',
    ],
    points: [
      "Whatever this {season} brings, {we're} here for {audienceHere}.",
      "If you've been meaning to get in touch, this is your sign.",
      '{lead}',
      '{whyLine}',
    ],
  },
  {
    id: 'goal',
    hooks: ['{goalHook}'],
    points: ['{lead}', '{goalPoint}', '{whyLine}'],
  },
];

const GOAL_LINES: Record<AiGoal, { hooks: string[]; points: string[] }> = {
  LAUNCHING_BUSINESS: {
    hooks: [
      'Something new is starting{inPlace?}.',
      "It's official: {name} is here.",
      "{We're} open, and {we} cannot wait to meet you.",
    ],
    points: [
      'Be one of the first to try {name}, and tell {us} what you think.',
      "Follow along: there's plenty more to come.",
    ],
  },
  CUSTOMER_INCREASE: {
    hooks: ['New to {name}? Here is why {audience} choose {us}.', 'Looking for {offerAny}{inPlace?}?'],
    points: ['Getting started is easy: just send {us} a message.', "{We'd} love to welcome you."],
  },
  MAINTAIN_BUSINESS: {
    hooks: ['To everyone who keeps coming back: thank you.', '{Our} regulars are the heart of {name}.'],
    points: ["{We} couldn't do it without you.", "Got a friend who'd love {name} too? Bring them along."],
  },
  BOTH_MAINTAIN: {
    hooks: ['To our regulars and to everyone new: welcome.', 'Old friends and new faces, this one is for you.'],
    points: [
      "Already a customer? Thank you. New here? {We'd} love to meet you.",
      'Share this with a friend who would love {name} too.',
    ],
  },
};

const DEFAULT_CTAS = [
  'Get in touch to find out more.',
  "Send {us} a message: {we'd} love to hear from you.",
  'Find out more at {site}.',
  'Visit {site} to learn more.',
  'Follow {us} for more.',
];

/** Calls to action by goal, by angle (review, comment) and by platform. */
const CTAS: Record<string, string[]> = {
  LAUNCHING_BUSINESS: [
    'Follow along and be one of {our} first customers.',
    'Be among the first to try {name}: send {us} a message.',
  ],
  CUSTOMER_INCREASE: [
    'Ready when you are: get in touch today.',
    "Message {us} today and let's get started.",
    'Get started at {site}.',
  ],
  MAINTAIN_BUSINESS: ['Thank you for being part of the {name} story.', "Tell {us} what you'd like to see next."],
  BOTH_MAINTAIN: [
    'Get in touch today, whether it is your first time or your fiftieth.',
    'Share this with someone who would love {name}.',
  ],
  review: [
    'Leave {us} a review: it takes a minute and means a lot.',
    'Share your experience in a review, {we} read every one.',
  ],
  comment: ['Tell {us} in the comments.', 'Drop your answer below.', 'Reply and let {us} know.'],
  instagram: ['Tap the link in {our} bio to find out more.', 'Save this post for later.'],
  linkedin: [
    'What has your experience been? Share it in the comments.',
    'Happy to connect with anyone who wants to learn more.',
  ],
};

interface Shape {
  points: number;
  tags: number;
  /** Each point in its own paragraph (LinkedIn reads that way). */
  paragraphs: boolean;
  /** Room left under the platform's own maximum. */
  max: number;
}

const SHAPES: Record<SocialPlatform, Shape> = {
  threads: { points: 1, tags: 2, paragraphs: false, max: 490 },
  instagram: { points: 3, tags: 8, paragraphs: false, max: 2100 },
  facebook: { points: 3, tags: 3, paragraphs: false, max: 2000 },
  linkedin: { points: 4, tags: 3, paragraphs: true, max: 2900 },
};

/** Template text usable for this company: casual ones dropped where the tone or platform is formal. */
function usable(templates: string[], formal: boolean): string[] {
  return templates.filter((t) => !(formal && t.startsWith('~'))).map((t) => t.replace(/^~/, ''));
}

function pickFilled(
  r: Rng,
  templates: string[],
  vars: Record<string, string | undefined>,
  banned: string[],
): string | undefined {
  const options = r
    .shuffle(templates)
    .map((t) => fill(t, vars))
    .filter((t): t is string => !!t && !mentionsAny(t, banned));
  return options[0];
}

const EMOJIS = ['✨', '🎉', '👋', '😊', '🙌', '💛'];

function composePost(
  facts: CompanyFacts,
  request: PostsRequest,
  said: Instructions,
  index: number,
  variant: number,
  order: Angle[],
): string {
  const { platform } = request;
  const shape = said.short ? { ...SHAPES[platform], points: 1 } : SHAPES[platform];
  const r = rng(
    facts.name,
    'post',
    platform,
    index,
    variant,
    request.instructions ?? '',
    (request.keywords ?? []).join(','),
  );
  const formal = facts.tone === 'professional' || platform === 'linkedin';
  const banned = [...exclusionTerms(request.exclusions), ...said.avoid];
  // The keywords chosen for this generation win over the company's saved ones.
  const keywords = request.keywords?.length ? uniq(request.keywords) : facts.keywords;
  const when = dateWords(request.dates?.[index], facts.southern);
  const goal = GOAL_LINES[facts.goal ?? 'CUSTOMER_INCREASE'];
  const vars: Record<string, string | undefined> = {
    ...baseVars(facts),
    keyword: keywords.length ? keywords[index % keywords.length] : undefined,
    month: when?.month,
    weekday: when?.weekday,
    season: when?.season,
    Season: when ? capitalize(when.season) : undefined,
  };
  vars.goalHook = pickFilled(r, usable(goal.hooks, formal), vars, banned);
  vars.goalPoint = pickFilled(r, usable(goal.points, formal), vars, banned);

  const fits = (a: Angle) => (!a.needs || !!vars[a.needs]) && (a.id !== 'goal' || !!vars.goalHook);
  const candidates = order.filter(fits);
  const angle = candidates[(index + variant) % candidates.length] ?? INTRO_ANGLE;

  let hook = pickFilled(r, usable(angle.hooks, formal), vars, banned) ?? `${facts.name}.`;
  if ((facts.tone === 'casual' || facts.tone === 'energetic') && !formal && hook.endsWith('.') && r.chance(0.5)) {
    hook = `${hook.slice(0, -1)}!`;
  }
  // A hook ending in a colon leads into what follows it: the emoji goes first, the asks after.
  const leads = hook.endsWith(':');
  if (said.emoji) hook = leads ? `${r.pick(EMOJIS)} ${hook}` : `${hook} ${r.pick(EMOJIS)}`;
  const asked = askSentences(said.asks, index + variant, vars, formal, banned).filter((t) => !sameText(t, hook));
  const instructed = asked.join(' ');
  // A random choice of points, kept in the order they were written in: the order is the argument.
  const written = usable(angle.points, formal)
    .map((t) => fill(t, vars))
    .filter((t): t is string => !!t && !mentionsAny(t, banned) && !sameText(t, hook) && !asked.includes(t));
  const chosen = new Set(r.shuffle(written.map((_, i) => i)).slice(0, shape.points));
  const points = uniq(written.filter((_, i) => chosen.has(i)));
  const list =
    angle.list && !said.short
      ? r
          .shuffle(angle.list.items)
          .map((t) => fill(t, vars))
          .filter((t): t is string => !!t && !mentionsAny(t, banned))
          .slice(0, 3)
          .map((item, i) => `${i + 1}. ${capitalize(item)}`)
      : [];
  const ctaPool = [
    ...(angle.cta ? (CTAS[angle.cta] ?? []) : []),
    ...(angle.cta ? [] : [...DEFAULT_CTAS, ...(CTAS[facts.goal ?? ''] ?? []), ...(CTAS[platform] ?? [])]),
  ];
  let cta = pickFilled(r, ctaPool, vars, banned) ?? '';
  // Every post names the business somewhere, however little else is on file.
  if (![hook, ...asked, ...points, cta].some((t) => t.includes(facts.name))) {
    cta =
      pickFilled(
        r,
        [
          'Get in touch with {name} to find out more.',
          'Follow {name} for more.',
          'Find out more about {name}: send {us} a message.',
        ],
        vars,
        banned,
      ) ?? cta;
  }
  const tags = uniq([
    ...facts.tags.slice(0, 2),
    vars.keyword ? hashtag(vars.keyword) : '',
    ...r.shuffle(facts.tags.slice(2)),
  ]).filter((t) => t && !mentionsAny(t, banned));

  const build = (pointCount: number, withList: boolean, tagCount: number, withCta: boolean, withHook: boolean) => {
    const body = points.slice(0, pointCount);
    const listed = withList ? list.join('\n') : '';
    const opening = withHook ? hook : '';
    const flowing = platform === 'threads' && !listed;
    const early = leads ? '' : instructed;
    const late = leads ? instructed : '';
    const paragraphs = [
      flowing ? [opening, early, ...body, late].filter(Boolean).join(' ') : opening,
      flowing ? '' : early,
      listed,
      ...(flowing ? [] : shape.paragraphs ? body : [body.join(' ')]),
      flowing ? '' : late,
      withCta ? cta : '',
      tags.slice(0, tagCount).join(' '),
    ];
    return paragraphs.filter((p) => p.trim()).join('\n\n');
  };

  // Shrink until it fits: fewer points, then no list, then fewer hashtags, then no call to action
  // and no hook, then a clean cut. What the user asked for goes last.
  let points_ = Math.min(shape.points, Math.max(points.length, 1));
  let withList = list.length > 0;
  let tagCount = shape.tags;
  let withCta = true;
  let withHook = true;
  let text = build(points_, withList, tagCount, withCta, withHook);
  while (platformLength(platform, text) > shape.max) {
    if (points_ > (instructed ? 0 : 1)) points_--;
    else if (withList) withList = false;
    else if (tagCount > 0) tagCount--;
    // Of the call to action and the hook, the one that names the business goes last.
    else if (withCta && instructed && (!cta.includes(facts.name) || !withHook)) withCta = false;
    else if (withHook && instructed) withHook = false;
    else if (withCta && instructed) withCta = false;
    else break;
    text = build(points_, withList, tagCount, withCta, withHook);
  }
  // The points that named the business may have been dropped to fit: the call to action names it then.
  if (!text.includes(facts.name) && withCta) {
    const named = build(points_, withList, tagCount, false, withHook).replace(
      /(\n\n#[^\n]*)?$/,
      (tags) => `\n\nFollow ${facts.name} for more.${tags}`,
    );
    if (platformLength(platform, named) <= shape.max) text = named;
  }
  while (platformLength(platform, text) > shape.max) text = clipWords(text, text.length - 20);

  // Too short (a company with almost nothing on file): add what is known until it reads as a post.
  const fillers = [
    facts.lead,
    `${facts.name} is here for ${facts.audience}.`,
    cta ? '' : 'Get in touch to find out more.',
  ];
  for (const extra of fillers) {
    if (text.length >= POST_MIN_LENGTH) break;
    if (extra && !text.includes(extra)) text = `${text}\n\n${extra}`.trim();
  }
  return text;
}

/**
 * `count` posts for one platform: angles rotate in a company-specific order (so the same index on
 * two platforms shares a subject), wording differs per platform, and a post that would repeat an
 * earlier one is rewritten with another angle.
 */
export function offlinePosts(request: PostsRequest): GeneratedPost[] {
  const plain = companyFacts(request.company);
  const said = readInstructions(request.instructions, plain.voice);
  // A tone the instructions ask for wins over the saved one, for this generation.
  const facts = said.tone ? companyFacts({ ...request.company, tone: said.tone }) : plain;
  const order = rng(facts.name, 'angles').shuffle(ANGLES);
  const posts: string[] = [];
  for (let i = 0; i < request.count; i++) {
    let text = '';
    for (let variant = 0; variant < 25; variant++) {
      text = composePost(facts, request, said, i, variant, order);
      if (!posts.some((p) => sameText(p, text))) break;
    }
    if (posts.some((p) => sameText(p, text))) text = `${text}\n\n(${i + 1}/${request.count})`;
    if (platformLength(request.platform, text) > POST_MAX_LENGTH[request.platform])
      text = clipWords(text, SHAPES[request.platform].max);
    posts.push(text);
  }
  return posts.map((content) => ({ content }));
}
