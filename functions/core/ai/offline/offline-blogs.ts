import type { BlogPostsRequest, GeneratedBlogPost } from '../ai-port';
import { BLOG_TITLE_MAX, BLOG_TITLE_MIN, sameText } from '../content-rules';
import { dateWords } from './calendar-words';
import { baseVars, type CompanyFacts, companyFacts, titleCase } from './company-facts';
import { exclusionTerms, mentionsAny } from '../request-hints';
import { askSentences, type Instructions, readInstructions } from './instructions';
import { type Rng, rng } from './seeded';
import { capitalize, clipWords, fill, joinList, uniq } from './text';

/**
 * Blog articles from templates: a title of 80–300 characters, then markdown with an introduction,
 * an angle-specific section, practical tips, how the company helps, where it works, a short FAQ
 * and a call to action. The user's special instructions are said in the introduction, in its own
 * words, in every article. The advice is written to hold for any small business; the specifics come
 * from the company's own description, customers, reasons and places.
 */

interface Topic {
  id: string;
  needs?: string;
  titles: string[];
  /** The angle's own section: a heading and paragraphs. */
  section: { heading: string; paragraphs: string[] };
}

/** Needs no variable, so every company has at least this topic to write about. */
const GUIDE_TOPIC: Topic = {
  id: 'guide',
  titles: [
    'How to Choose {OfferAny}{InPlace?}: A Practical Guide for {AudienceT}',
    'Choosing {OfferAny}? A Straightforward Guide for {AudienceT} from the Team at {name}',
  ],
  section: {
    heading: 'Start with what you really need',
    paragraphs: [
      'The best decisions start with a clear picture of the outcome you want. Before comparing options, write down what a good result looks like for you, what you can spend, and when you need it.',
      'That short list makes every conversation quicker, and it makes it easy to tell who is listening to you and who is simply selling.',
    ],
  },
};

const TOPICS: Topic[] = [
  GUIDE_TOPIC,
  {
    id: 'mistakes',
    titles: [
      '{n} Mistakes to Avoid When Choosing {OfferAny}: Honest Advice for {AudienceT} from {name}',
      'Avoid These {n} Common Mistakes: What {AudienceT} Should Know Before Choosing {OfferAny}',
    ],
    section: {
      heading: 'The mistakes we see most often',
      paragraphs: [
        'Most disappointments come from the same few places: choosing on price alone, not asking enough questions, and assuming every provider works the same way.',
        'None of them are hard to avoid once you know to look for them, and the tips below show how.',
      ],
    },
  },
  {
    id: 'local',
    needs: 'place',
    titles: [
      '{AudienceT} in {place}: What to Know Before Choosing {OfferAny} Close to Home',
      'A Local Guide for {AudienceT}: Finding {OfferAny} You Can Trust in {place} and Nearby',
    ],
    section: {
      heading: 'Why local matters in {place}',
      paragraphs: [
        'Working with someone nearby means faster answers, easier visits and people who understand the area. It also keeps money in the local economy, which keeps {place} the kind of place people want to live and work in.',
        '{We} have spent years getting to know {places}, and it shapes how {we} work every day.',
      ],
    },
  },
  {
    id: 'story',
    needs: 'whyLine',
    titles: [
      'Why {We} Started {name}: The Story, the Mission and What It Means for {AudienceT}',
      'The Story Behind {name}: How a Simple Idea Became {OfferAny} for {AudienceT}',
    ],
    section: {
      heading: 'Where it all began',
      paragraphs: [
        '{whyLine} {whyMore?}',
        'That idea still guides every decision {we} make, from the smallest detail to the way {we} treat every customer.',
      ],
    },
  },
  {
    id: 'keyword',
    needs: 'keyword',
    titles: [
      '{KeywordT}: Everything {AudienceT} Should Know, Explained Simply by the Team at {name}',
      'A Plain-English Guide to {KeywordT} for {AudienceHereT}, with Practical Tips from {name}',
    ],
    section: {
      heading: 'What {keyword} means for you',
      paragraphs: [
        '{Keyword} comes up in almost every conversation {we} have with {audience}. It does not need to be complicated: what matters is understanding the options, knowing what good looks like, and asking the right questions.',
        'Here is how {we} explain it to the people {we} work with.',
      ],
    },
  },
  {
    id: 'season',
    needs: 'month',
    titles: [
      'Your {month} {year} Checklist: {n} Practical Tips for {AudienceT} from the Team at {name}',
      'Make the Most of {Season} {year}: {n} Simple Ideas for {AudienceHereT} from {name}',
    ],
    section: {
      heading: 'Why {season} is a good time to plan',
      paragraphs: [
        'A new season is a natural moment to take stock: what worked over the last few months, what you would like to change, and what is coming up next.',
        'A little planning now saves a rush later, and it usually costs less too.',
      ],
    },
  },
  {
    id: 'faq',
    titles: [
      'The Questions {AudienceT} Ask {name} Most Often, Answered Honestly and in Plain English',
      'You Asked, {We} Answered: Common Questions About Working with {name}{InPlace?}',
    ],
    section: {
      heading: 'Why {we} are answering these questions',
      paragraphs: [
        'Some questions come up again and again, and they are good questions. Answering them openly helps you decide whether {name} is right for you before you ever pick up the phone.',
      ],
    },
  },
];

const TIPS: { title: string; text: string }[] = [
  {
    title: 'Be clear about what you need',
    text: 'Write down the result you want, your budget and your timescale. It turns a vague search into a short list.',
  },
  {
    title: 'Look for people who listen',
    text: 'A good provider asks questions before offering answers. If the first conversation is all about them, keep looking.',
  },
  {
    title: 'Check what others say',
    text: 'Reviews from people in a similar situation to yours are worth more than any advert. Read the mixed ones too: how a business responds says a lot.',
  },
  {
    title: 'Ask what is included',
    text: 'Clear, upfront answers about what you get, and what you do not, save surprises later.',
  },
  {
    title: 'Compare value, not just price',
    text: 'The cheapest option can cost more once time, quality and peace of mind are counted.',
  },
  {
    title: 'Plan ahead for busy times',
    text: 'Popular dates and seasons fill up quickly. Getting in touch early gives you more choice.',
  },
  {
    title: 'Start small if you are unsure',
    text: 'A first, smaller step is a low-risk way to see whether a business is the right fit.',
  },
  {
    title: 'Keep the conversation going',
    text: 'Share feedback, good and bad. The best businesses use it to get better for you.',
  },
  { title: 'Think local', text: 'Someone nearby understands the area, answers faster and is easy to visit.' },
];

const pickFilled = (r: Rng, templates: string[], vars: Record<string, string | undefined>) =>
  r
    .shuffle(templates)
    .map((t) => fill(t, vars))
    .find((t): t is string => !!t);

/** A title within 80–300 characters: padded with who it is from, clipped at a word. */
function fitTitle(title: string, facts: CompanyFacts): string {
  const pads = [
    facts.places[0] ? ` | ${facts.name}, ${facts.places[0]}` : '',
    ` | Tips and Advice from ${facts.name}`,
    ` (Updated Guide)`,
  ];
  let out = title;
  for (const pad of pads) if (out.length < BLOG_TITLE_MIN && pad && !out.includes(pad.trim())) out += pad;
  while (out.length < BLOG_TITLE_MIN) out += ' | Practical Advice for Small Businesses and Their Customers';
  return out.length > BLOG_TITLE_MAX ? clipWords(out, BLOG_TITLE_MAX - 1).replace(/…$/, '') : out;
}

function composeBlog(
  facts: CompanyFacts,
  request: BlogPostsRequest,
  said: Instructions,
  index: number,
  variant: number,
  order: Topic[],
): GeneratedBlogPost {
  const r = rng(facts.name, 'blog', index, variant, request.instructions ?? '', (request.keywords ?? []).join(','));
  const banned = [...exclusionTerms(request.exclusions), ...said.avoid];
  // The keywords chosen for this generation win over the company's saved ones.
  const keywords = request.keywords?.length ? uniq(request.keywords) : facts.keywords;
  const when = dateWords(request.dates?.[index], facts.southern);
  const keyword = keywords.length ? keywords[index % keywords.length] : undefined;
  const tips = r
    .shuffle(TIPS)
    .filter((t) => !mentionsAny(`${t.title} ${t.text}`, banned))
    .slice(0, 5);
  const vars: Record<string, string | undefined> = {
    ...baseVars(facts),
    OfferAny: baseVars(facts).offerAny,
    AudienceT: facts.audience,
    AudienceHereT: baseVars(facts).audienceHere,
    InPlace: facts.places[0] ? ` in ${facts.places[0]}` : '',
    keyword,
    Keyword: keyword ? capitalize(keyword) : undefined,
    KeywordT: keyword,
    month: when?.month,
    year: when?.year,
    season: when?.season,
    Season: when ? capitalize(when.season) : undefined,
    n: String(tips.length),
  };
  const candidates = order.filter((t) => !t.needs || vars[t.needs]);
  const topic = candidates[(index + variant) % candidates.length] ?? GUIDE_TOPIC;
  const title = fitTitle(titleCase(pickFilled(r, topic.titles, vars) ?? `${facts.name}: ${facts.audience}`), facts);
  const ok = (text: string | undefined): text is string => !!text && !mentionsAny(text, banned);
  const para = (templates: string[]) => templates.map((t) => fill(t, vars)).filter(ok);

  const intro = [
    ...para([
      pickFilled(
        r,
        [
          'If you are one of the {audience} who {need}, you are not alone.',
          '{Audience} have plenty to think about, and choosing {offerAny} should not be one more worry.',
          'Every week {we} talk to {audience} with the same questions.',
        ],
        vars,
      ) ?? '',
      '{lead}',
    ]),
    // Already filled: the user's words are not templates.
    ...askSentences(said.asks, index + variant, vars, facts.tone === 'professional', banned),
    ...para(['In this article {we} share what {we} have learned, so you can make a confident choice.']),
  ].join(' ');

  const faqs = [
    [
      'Who is {name} for?',
      `${capitalize(facts.customers)}. ${fill('If that sounds like you, {we} would love to hear from you.', vars)}`,
    ],
    facts.places.length
      ? ['Where do you work?', fill(`{We} serve ${joinList(facts.places.slice(0, 5))}.`, vars)]
      : undefined,
    facts.why[0] ? ['What makes {name} different?', facts.why.join(' ')] : undefined,
    [
      'How do I get started?',
      fill(
        facts.site
          ? 'Visit {site} or send {us} a message, and {we} will take it from there.'
          : 'Send {us} a message, and {we} will take it from there.',
        vars,
      ),
    ],
  ].filter((q): q is [string, string] => !!q && ok(q[1]));

  const sections = [
    intro,
    `## ${fill(topic.section.heading, vars) ?? 'Where to start'}`,
    ...para(topic.section.paragraphs),
    `## ${tips.length} practical tips`,
    tips.map((t, i) => `${i + 1}. **${t.title}.** ${t.text}`).join('\n'),
    `## How ${facts.name} helps`,
    ...para([
      facts.details.length ? '{detail} {detail2?}' : '{lead}',
      '{whyLine} {whyMore?}',
      'Everything {we} do is built around {audienceHere}.',
    ]),
    ...(facts.places.length
      ? [
          `## Serving ${joinList(facts.places.slice(0, 3))}`,
          ...para([
            '{We} work with {customers}. Being local means {we} can respond quickly and understand what matters in {places}.',
          ]),
        ]
      : []),
    '## Frequently asked questions',
    faqs.map(([q, a]) => `**${fill(q, vars)}**\n${a}`).join('\n\n'),
    '## Ready when you are',
    ...para([
      facts.site
        ? 'If this article answered a question for you, the next step is easy: visit {site} or get in touch, and tell {us} what you need.'
        : 'If this article answered a question for you, the next step is easy: get in touch and tell {us} what you need.',
    ]),
  ];
  const content = sections
    .filter((s) => s && s.trim())
    .join('\n\n')
    .replace(/ {2,}/g, ' ');
  return { title, content };
}

/** `count` articles; topics rotate in a company-specific order and no two titles are alike. */
export function offlineBlogPosts(request: BlogPostsRequest): GeneratedBlogPost[] {
  const plain = companyFacts(request.company);
  const said = readInstructions(request.instructions, plain.voice);
  // A tone the instructions ask for wins over the saved one, for this generation.
  const facts = said.tone ? companyFacts({ ...request.company, tone: said.tone }) : plain;
  const order = rng(facts.name, 'blog-topics').shuffle(TOPICS);
  const posts: GeneratedBlogPost[] = [];
  for (let i = 0; i < request.count; i++) {
    let post = composeBlog(facts, request, said, i, 0, order);
    for (let variant = 1; variant < 20 && posts.some((p) => sameText(p.title, post.title)); variant++) {
      post = composeBlog(facts, request, said, i, variant, order);
    }
    if (posts.some((p) => sameText(p.title, post.title)))
      post = { ...post, title: fitTitle(`${post.title} (Part ${i + 1})`, facts) };
    posts.push(post);
  }
  return posts;
}
