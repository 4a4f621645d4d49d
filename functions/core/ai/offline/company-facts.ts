import type { AiCompanyContext, AiGoal } from '../ai-port';
import { capitalize, endWithPeriod, hashtag, lowerFirst, joinList, sentences, squash, stripEnd, uniq } from './text';

/**
 * What the offline generator knows about a company, derived from the owner's own words: the
 * phrases its templates are filled with. Every field has a sensible fallback, so a company with
 * only a name still gets readable text.
 */
export interface CompanyFacts {
  name: string;
  /** "rosasbakery.co.uk", for calls to action. */
  site?: string;
  /** The first sentence of the description, ending with a period. */
  lead?: string;
  /** The description's other sentences. */
  details: string[];
  /** "a family-run artisan bakery": the description's own noun phrase, with its article. */
  offer?: string;
  /** "artisan bakery" (without article and leading adjectives beyond two words). */
  offerNoun?: string;
  /** The head noun: "bakery", or "business" when the description names none. */
  category: string;
  /** "busy families and young professionals in Leeds who want fresh meals". */
  customers: string;
  /** "busy families and young professionals". */
  audience: string;
  segments: string[];
  /** "want fresh meals without the hassle" (from "... who want ..."). */
  need?: string;
  why: string[];
  locations: string[];
  /** Short place names: "Leeds" for "Leeds, UK". */
  places: string[];
  tone: Tone;
  /** The owner's own words for tone and voice. */
  toneText?: string;
  voiceText?: string;
  voice: Voice;
  goal?: AiGoal;
  keywords: string[];
  b2b: boolean;
  southern: boolean;
  /** Hashtags from the name, business and places, most specific first. */
  tags: string[];
}

type Tone = 'warm' | 'casual' | 'professional' | 'energetic';

/** Pronouns of the company's voice: most speak as "we", a sole trader may speak as "I". */
export interface Voice {
  singular: boolean;
  we: string;
  We: string;
  our: string;
  Our: string;
  ours: string;
  us: string;
  ourselves: string;
  "we're": string;
  "We're": string;
  "we'd": string;
  "We'd": string;
  "we've": string;
  "we'll": string;
}

const WE: Voice = {
  singular: false,
  we: 'we',
  We: 'We',
  our: 'our',
  Our: 'Our',
  ours: 'ours',
  us: 'us',
  ourselves: 'ourselves',
  "we're": "we're",
  "We're": "We're",
  "we'd": "we'd",
  "We'd": "We'd",
  "we've": "we've",
  "we'll": "we'll",
};
const I: Voice = {
  singular: true,
  we: 'I',
  We: 'I',
  our: 'my',
  Our: 'My',
  ours: 'mine',
  us: 'me',
  ourselves: 'myself',
  "we're": "I'm",
  "We're": "I'm",
  "we'd": "I'd",
  "We'd": "I'd",
  "we've": "I've",
  "we'll": "I'll",
};

const GENERIC_HEADS =
  /^(firm|company|business|agency|studio|shop|store|practice|services?|team|provider|consultancy|group|brand|specialists?|experts?|collective|co)$/i;

const GOALS: AiGoal[] = ['LAUNCHING_BUSINESS', 'CUSTOMER_INCREASE', 'MAINTAIN_BUSINESS', 'BOTH_MAINTAIN'];

/** "X is a family-run artisan bakery in Bristol ..." → "a family-run artisan bakery". */
const OFFER =
  /\b(?:is|are|we're|we are|i'm|i am|as)\s+((?:a|an)\s+[^.,;:!?()"“]+?)(?=\s+(?:in|on|at|near|across|around|based|serving|for|that|which|who|located|offering|providing|with|since|specialising|specializing|helping|making|where|from|run|owned|dedicated|focused|focusing|baking|selling|serving|creating|building|delivering|bringing|designing|crafting|producing|supplying|supporting|teaching|fixing|repairing|installing|working|brewing|roasting|cooking)\b|[.,;:!?()"“]|$)/i;

function findOffer(text: string[]): string | undefined {
  for (const sentence of text) {
    const found = sentence.match(OFFER)?.[1]?.trim();
    if (found && found.split(/\s+/).length <= 8 && !/\b(way|lot|bit|place to|great|good|new way)\b/i.test(found))
      return found;
  }
  return undefined;
}

const STREET = /\b(st|street|road|rd|ave|avenue|lane|ln|way|drive|dr|suite|unit|floor|po box)\b\.?/i;

/**
 * "rosasbakery.co.uk" (or "rosasbakery.co.uk/shop") for copy that sends people to the website;
 * undefined for an address no customer could visit: a loopback or private host, a bare IP, a
 * single-label name or one with a port (the embedded runtime's sample site is 127.0.0.1:43675).
 * Copy without a site names the business instead.
 */
export function publicSite(website: string | null | undefined): string | undefined {
  const raw = squash(website);
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (url.port || !/^https?:$/.test(url.protocol)) return undefined;
  if (!host.includes('.') || host.startsWith('[') || /^[\d.]+$/.test(host)) return undefined;
  if (/(^|\.)(localhost|local|internal|lan|home\.arpa|localdomain)$/.test(host)) return undefined;
  const path = url.pathname.replace(/\/+$/, '');
  return `${host.replace(/^www\./, '')}${path}`;
}

/** "Leeds, UK" → "Leeds"; "12 High St, Austin, TX 78701" → "Austin". */
export function shortPlace(location: string): string {
  const parts = location
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length <= 1) return location.trim();
  // Postcodes and house numbers out ("Leeds LS6 2AA" → "Leeds"), then the first part that is not a street or country code.
  const cleaned = parts.map((p) => (STREET.test(p.replace(/\S*\d\S*/g, '')) ? '' : p.replace(/\S*\d\S*/g, '').trim()));
  return cleaned.find((p) => p.length > 2 || (p.length === 2 && /[a-z]/.test(p))) ?? parts[0] ?? location.trim();
}

function detectTone(text: string): Tone {
  const score = (re: RegExp) => (text.match(re) ?? []).length;
  const scores: [Tone, number][] = [
    [
      'professional',
      score(
        /\b(professional|formal|expert|authoritative|trust\w*|reliable|corporate|precise|clear|knowledgeable|credible|polished)\b/gi,
      ),
    ],
    [
      'casual',
      score(
        /\b(friendly|casual|fun|playful|relaxed|cheerful|chatty|approachable|witty|humou?r\w*|light-?hearted|cheeky|quirky)\b/gi,
      ),
    ],
    [
      'warm',
      score(/\b(warm|caring|empathetic|supportive|kind|reassuring|gentle|compassionate|welcoming|honest|genuine)\b/gi),
    ],
    [
      'energetic',
      score(
        /\b(bold|energetic|exciting|enthusiastic|passionate|inspir\w+|confident|vibrant|dynamic|upbeat|motivat\w+)\b/gi,
      ),
    ],
  ];
  // The first tone with the highest score; 'warm' when the text names none.
  let best: [Tone, number] = ['warm', 0];
  for (const entry of scores) if (entry[1] > best[1]) best = entry;
  return best[0];
}

const B2B =
  /\b(business(es)?|companies|firms|organi[sz]ations|teams|b2b|smes?|start-?ups?|agencies|clinics|practices|enterprises|brands|retailers|restaurants|schools|landlords|manufacturers|employers|ecommerce stores|shops)\b/i;
const SOUTHERN =
  /\b(australia|new zealand|aotearoa|south africa|argentina|chile|uruguay|brazil|sydney|melbourne|brisbane|perth|adelaide|auckland|wellington|cape town|johannesburg|buenos aires|santiago)\b/i;

/** Splits the customers field into the audience ("who"), what they need, and segments. */
function readCustomers(raw: string | null | undefined, keep: string[]) {
  let text = squash(raw).replace(
    /^(our (ideal |main |target |typical )?(customers|clients|audience|buyers|patients|guests|members) (are|is|include)|we (serve|work with|help|cater (to|for))|mostly|mainly|typically)\s*:?\s*/i,
    '',
  );
  text = stripEnd(sentences(text)[0] ?? text);
  if (!text) return undefined;
  // The earliest of "who/that ..." and "looking for ...": what follows is the need, as a verb phrase.
  const whoMatch = text.match(
    /^(.+?)\s+(?:(?:who|that|which)\s+(.+)|((?:looking|searching|hoping) for .+|wanting .+|in need of .+))$/i,
  );
  // Group 1 always takes part in a match; group 3 does whenever group 2 does not (they are alternatives).
  const who = whoMatch?.[1] ?? text;
  const rest = whoMatch
    ? (whoMatch[2] ?? `are ${(whoMatch[3] ?? '').replace(/^wanting/i, 'want').replace(/^are /i, '')}`)
    : undefined;
  const need = rest ? stripEnd(rest.replace(/^are (want|need)\b/i, '$1')) : undefined;
  // String#split always returns at least one element: the `?? ''` only satisfies the index check.
  let audience = (
    who.split(/\s+(?:in|across|around|near|from|based in|throughout|all over)\s+(?=[A-Z])/)[0] ?? ''
  ).trim();
  if (audience.length > 70) audience = (audience.split(/,|;|\s+-\s+/)[0] ?? '').trim();
  if (audience.length > 70) audience = audience.split(/\s+/).slice(0, 8).join(' ');
  audience = lowerFirst(audience, keep);
  const segments = uniq(
    audience
      .split(/\s*(?:,|;|\/|&|\band\b|\bor\b|\bas well as\b|\bplus\b)\s*/i)
      .map((s) => s.trim())
      .filter((s) => s.split(/\s+/).length >= 1 && s.length >= 4),
  ).slice(0, 4);
  return { customers: lowerFirst(text, keep), audience, need: need && need.length <= 120 ? need : undefined, segments };
}

export function companyFacts(company: AiCompanyContext): CompanyFacts {
  const name = squash(company.name) || 'Our company';
  const locations = uniq((company.locations ?? []).map(squash).filter((l) => l.length >= 2));
  const places = uniq(locations.map(shortPlace));
  const keep = [name, ...places];
  const description = sentences(company.description);
  const offer = findOffer(description);
  const offerWords = offer?.replace(/^(a|an)\s+/i, '').split(/\s+/) ?? [];
  const offerNoun = offer
    ? offerWords.includes('of')
      ? offerWords.join(' ')
      : offerWords.slice(-2).join(' ')
    : undefined;
  // "school of music" → "school"; "artisan bakery" → "bakery".
  const ofIndex = offerWords.indexOf('of');
  const headWord = ofIndex >= 0 ? offerWords[ofIndex - 1] : offerWords.at(-1);
  const head = offerNoun && headWord ? headWord.toLowerCase() : 'business';
  // "accounting firm": the firm says little, the accounting says what it is.
  const generic = GENERIC_HEADS.test(head) && offerWords.length >= 2 && !offerWords.includes('of');
  // A generic head implies an offer of two or more words, so offerNoun and offerWords.at(-2) are both there.
  const category = generic && offerNoun ? offerNoun.toLowerCase() : head;
  const tagWord = (generic ? offerWords.at(-2) : undefined) ?? head;
  const readers = readCustomers(company.customers, keep);
  const fallbackAudience = places.length ? `people in ${places[0]}` : 'customers';
  const styleText = `${company.tone ?? ''} ${company.voice ?? ''}`;
  const singular = /first[- ]person singular|\bI\b|\bmy\b|\bas the (owner|founder)\b|\bsole trader\b/i.test(
    company.voice ?? '',
  );
  const keywords = uniq((company.keywords ?? []).map(squash).filter((k) => k.length >= 2)).slice(0, 10);
  const goal = GOALS.find((g) => g === company.goal);
  const b2b = B2B.test(company.customers ?? '');
  const site = publicSite(company.website);
  const tags = uniq(
    [
      hashtag(name),
      places[0] && offerNoun ? hashtag(`${places[0]} ${tagWord}`) : '',
      offerNoun ? hashtag(offerNoun) : '',
      ...places.slice(0, 3).map(hashtag),
      ...keywords.slice(0, 3).map(hashtag),
      offerNoun && !GENERIC_HEADS.test(tagWord) ? hashtag(tagWord) : '',
      b2b ? '#SmallBusiness' : places.length ? '#ShopLocal' : '#SmallBusiness',
      places.length ? '#SupportLocal' : '',
    ].filter(Boolean),
  );

  return {
    name,
    site,
    lead: description[0] ? endWithPeriod(description[0]) : undefined,
    details: description.slice(1).map(endWithPeriod),
    offer: offer ? lowerFirst(offer) : undefined,
    offerNoun: offerNoun ? lowerFirst(offerNoun) : undefined,
    category,
    customers: readers?.customers ?? fallbackAudience,
    audience: readers?.audience || fallbackAudience,
    segments: readers?.segments.length ? readers.segments : [readers?.audience || fallbackAudience],
    need: readers?.need,
    why: sentences(company.why).map(endWithPeriod),
    locations,
    places,
    tone: detectTone(styleText),
    toneText: squash(company.tone) || undefined,
    voiceText: squash(company.voice) || undefined,
    voice: singular ? I : WE,
    goal,
    keywords,
    b2b,
    southern: SOUTHERN.test(locations.join(' ')),
    tags,
  };
}

/** "Leeds, Bradford and York"; '' when the company named no place. */
export const placePhrase = (facts: CompanyFacts, max = 3) => joinList(facts.places.slice(0, max));

/** "a family-run artisan bakery", else "a business like ours" style fallback: "a local business". */
export const offerWithArticle = (facts: CompanyFacts) =>
  facts.offer ?? (facts.places.length ? 'a local business' : 'a small business');

/** Title Case for headings and blog titles, leaving small words and acronyms alone. */
export function titleCase(text: string): string {
  const small = new Set([
    'a',
    'an',
    'and',
    'as',
    'at',
    'but',
    'by',
    'for',
    'in',
    'of',
    'on',
    'or',
    'the',
    'to',
    'with',
    'from',
    'into',
  ]);
  return text
    .split(/\s+/)
    .map((word, i) =>
      i > 0 && small.has(word.toLowerCase())
        ? word.toLowerCase()
        : /[A-Z]/.test(word.slice(1))
          ? word
          : capitalize(word),
    )
    .join(' ');
}

/** The template variables every offline text shares. */
export function baseVars(facts: CompanyFacts): Record<string, string | undefined> {
  const place = facts.places[0];
  return {
    ...Object.fromEntries(Object.entries(facts.voice).filter(([k]) => k !== 'singular')),
    name: facts.name,
    lead: facts.lead,
    detail: facts.details[0],
    detail2: facts.details[1],
    offer: facts.offer,
    offerAny: offerWithArticle(facts),
    offerNoun: facts.offerNoun,
    category: facts.category !== 'business' ? facts.category : undefined,
    customers: facts.customers,
    audience: facts.audience,
    Audience: capitalize(facts.audience),
    need: facts.need,
    whyLine: facts.why[0],
    whyMore: facts.why[1],
    place,
    places: placePhrase(facts),
    inPlace: place ? ` in ${place}` : '',
    // "people in Bristol" already says where: never "people in Bristol in Bristol".
    audienceHere:
      place && !facts.audience.toLowerCase().includes(place.toLowerCase())
        ? `${facts.audience} in ${place}`
        : facts.audience,
    site: facts.site,
  };
}
