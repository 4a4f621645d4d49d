import { exclusionTerms, mentionsAny } from '../request-hints';
import type { Voice } from './company-facts';
import { hashSeed } from './seeded';
import { capitalize, clipWords, fill, sentences, squash, uniq } from './text';

/**
 * The user's special instructions, read the way a copywriter reads a brief: each one is what to
 * say (a fact: "that we now open on Mondays"), what to talk about (a topic: "our Sunday opening
 * hours") or what to ask readers to do (an action: "book a table"); "don't ..." ones are terms to
 * leave out, and a few are about form (short, emojis, a tone). Every post and article then says
 * each one in a sentence of its own words ("Good news: we now open on Mondays."), never the
 * instruction pasted as written.
 */
export interface Ask {
  /** A detail is something to pass on as it is: "our phone number 0117 496 0123". */
  kind: 'fact' | 'topic' | 'action' | 'detail';
  /** In the company's voice, no end punctuation: "we now open on Mondays from 8am". */
  text: string;
}

export interface Instructions {
  asks: Ask[];
  /** Terms from "don't mention ..." instructions, as exclusions are read. */
  avoid: string[];
  short: boolean;
  emoji: boolean;
  /** A tone asked for ("playful", "formal"), in the words the tone detector reads. */
  tone?: string;
}

const MAX_ASKS = 3;
const MAX_ASK_LENGTH = 180;

/** Words before the instruction proper: "Please make sure to mention ..." → "mention ...". */
const PREFIX =
  /^(?:(?:please|pls|kindly|also|and|always|just|then|so|ok(?:ay)?)[\s,]+|(?:make sure|be sure|remember|don'?t forget|try|i'?d like you|i want you|we'?d like you|we want you|can you|could you|you should|you must|i'?d like|we'?d like|i want|we want)\s+(?:to\s+|that\s+(?:you\s+)?)?|(?:the|each|every|all)\s+(?:posts?|articles?|copy|blogs?)\s+(?:should|must|need to|needs to)\s+)/i;

const NEGATIVE = /^(?:do not|don'?t|dont|never|no|avoid|without|not|exclude|skip|leave out)\b/i;

const READERS =
  '(?:people|customers|clients|followers|readers|everyone|everybody|them|locals|fans|visitors|guests|parents|our (?:customers|clients|followers|community|regulars|readers|guests)|the (?:audience|community|customers))';
const ACTION = new RegExp(`^(?:invite|encourage|ask|urge|get|tell|remind|prompt|nudge|push) ${READERS} to (.+)$`, 'i');
const TELL = new RegExp(
  `^(?:tell|remind|let|inform|update|show|assure|reassure) ${READERS}(?: know)?(?: (about|of|that))? (.+)$`,
  'i',
);
const SAY_THAT =
  /^(?:mention|say|state|note|announce|share|explain|point out|make (?:it )?clear|highlight|emphasi[sz]e|stress|add|include|write|communicate|clarify|confirm) (?:the fact )?that (.+)$/i;
const TALK_ABOUT =
  /^(?:mention(?:ing)?|announce|promote|highlight|feature|talk about|talk up|focus on|concentrate on|share news(?: about| of| on)?|share (?:about|on)|push|advertise|showcase|celebrate|spotlight|cover|write about|post about|emphasi[sz]e|stress|plug|market|tease|introduce)\s+(.+)$/i;
const PASS_ON = /^(?:include|add|give|list|share|put in|post|quote|show)\s+(.+)$/i;
const CALL_TO = /^(?:add a call to action to|end with a call to action to|call (?:people|readers) to) (.+)$/i;
/** A clause with a verb reads as a fact; without one it is a topic. */
const HAS_VERB =
  /\b(?:is|are|was|were|will|won't|can|can't|has|have|had|does|do|open|opens|opened|close|closes|closed|launch|launches|launched|start|starts|started|begin|begins|deliver|delivers|offer|offers|sell|sells|bake|bakes|serve|serves|run|runs|get|gets|come|comes|ends|return|returns|arrive|arrives|now)\b/i;
const SHORT =
  /\b(?:keep (?:it|them|posts?|the posts?|things|copy) (?:short|brief|concise|snappy|tight)|short(?:er)? posts?|be (?:brief|concise))\b/i;
const EMOJI = /\b(?:use|add|include|with|some|more)\s+(?:a few |some |lots of )?emojis?\b|\bemojis?\b/i;
const TONE =
  /^(?:(?:use|write in|keep|adopt|take|strike)\s+(?:a|an|the)?\s*([\w\s,-]+?)\s+(?:tone|voice|style|register)|(?:be|sound|keep it|make it|make them)\s+(?:more\s+)?([\w\s,-]+?))$/i;
const TONE_WORDS =
  /\b(warm|friendly|casual|fun|playful|relaxed|cheerful|chatty|witty|cheeky|professional|formal|expert|authoritative|polished|bold|energetic|exciting|enthusiastic|upbeat|confident|caring|empathetic|reassuring|gentle)\b/i;

/** Function words that start a sentence but not a name: "The summer menu" → "the summer menu", "Christmas" stays. */
const LOWER_FIRST =
  /^(?:The|A|An|Our|Your|This|These|That|Those|Some|New|We|We're|We've|We'll|We'd|My|I'm|Every|All|Each|Any|It|Its|It's|There|Free|Fresh|Next|Last|Only)\b/;
const lowerStart = (text: string) =>
  LOWER_FIRST.test(text) && !/^I'm/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;

/** Owners write "our"/"we" or "my"/"I"; the copy speaks in the company's voice. Readers become "you". */
function inVoice(text: string, voice: Voice, readers: boolean): string {
  const plural: Record<string, string> = {
    'we are': voice.singular ? 'I am' : 'we are',
    'we were': voice.singular ? 'I was' : 'we were',
    "we're": voice["we're"],
    "we've": voice["we've"],
    "we'll": voice["we'll"],
    "we'd": voice["we'd"],
    we: voice.we,
    our: voice.our,
    ours: voice.ours,
    us: voice.us,
    ourselves: voice.ourselves,
    'i am': voice.singular ? 'I am' : 'we are',
    'i was': voice.singular ? 'I was' : 'we were',
    "i'm": voice["we're"],
    "i've": voice["we've"],
    "i'll": voice["we'll"],
    "i'd": voice["we'd"],
    i: voice.we,
    my: voice.our,
    mine: voice.ours,
    me: voice.us,
    myself: voice.ourselves,
  };
  const readerWords: Record<string, string> = {
    'they are': 'you are',
    "they're": "you're",
    they: 'you',
    their: 'your',
    theirs: 'yours',
    them: 'you',
    themselves: 'yourselves',
  };
  const table = readers ? { ...plural, ...readerWords } : plural;
  const words = Object.keys(table).sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`\\b(?:${words.map((w) => w.replace(/'/g, "['’]")).join('|')})\\b`, 'gi');
  return text.replace(pattern, (found, offset: number) => {
    // "US customers" is a country, not "us".
    if (/^[A-Z]{2,}$/.test(found) && found !== 'I') return found;
    const swapped = table[found.toLowerCase().replace(/’/g, "'")] ?? found;
    // "I" keeps its capital; anything else starting the text keeps the case it was written in.
    if (swapped.startsWith('I ') || swapped === 'I' || swapped.startsWith("I'")) return swapped;
    return offset === 0 && /^[A-Z]/.test(found) ? capitalize(swapped) : swapped;
  });
}

const tidy = (text: string) =>
  clipWords(
    squash(text)
      .replace(/^["'“‘]+|["'”’]+$/g, '')
      .replace(/[\s.!?;:,]+$/, ''),
    MAX_ASK_LENGTH,
  ).replace(/…$/, '');

function readClause(clause: string, voice: Voice, found: Instructions) {
  let text = squash(clause).replace(/[.!?;:,]+$/, '');
  for (let i = 0; i < 3 && PREFIX.test(text); i++) text = text.replace(PREFIX, '').trim();
  if (!text) return;
  if (NEGATIVE.test(text)) {
    found.avoid.push(...exclusionTerms(text));
    return;
  }
  let form = false;
  if (SHORT.test(text)) found.short = form = true;
  if (EMOJI.test(text)) found.emoji = form = true;
  const tone = text.match(TONE);
  const toneWords = (tone?.[1] ?? tone?.[2] ?? '').match(new RegExp(TONE_WORDS.source, 'gi'));
  if (toneWords?.length) {
    found.tone = toneWords.join(' ');
    form = true;
  }
  if (form) return;

  found.asks.push(...asksOf(text, voice));
}

/** What one instruction asks the copy to say, with its kind; the words in the company's voice. */
function asksOf(text: string, voice: Voice): Ask[] {
  const ask = (kind: Ask['kind'], raw: string, readers = false): Ask[] => {
    const said = tidy(lowerStart(inVoice(raw, voice, readers)));
    return said.length >= 3 ? [{ kind, text: said }] : [];
  };
  let m: RegExpMatchArray | null;
  if ((m = text.match(ACTION)) && m[1]) return ask('action', m[1], true);
  if ((m = text.match(CALL_TO)) && m[1]) return ask('action', m[1], true);
  if ((m = text.match(TELL)) && m[2]) {
    if (m[1] && /^(about|of)$/i.test(m[1])) return ask('topic', m[2], true);
    return ask(HAS_VERB.test(m[2]) ? 'fact' : 'topic', m[2], true);
  }
  if ((m = text.match(SAY_THAT)) && m[1]) return ask('fact', m[1]);
  if ((m = text.match(TALK_ABOUT)) && m[1]) {
    const rest = m[1].replace(/^that\s+/i, '');
    if (/^that\s/i.test(m[1]) || (HAS_VERB.test(rest) && /^(we|our|i|my)\b/i.test(rest))) return ask('fact', rest);
    // "the Christmas stollen, pre-orders open 1 December": a topic, then a fact about it.
    const [topic, ...more] = rest.split(/,\s+/);
    const fact = more.join(', ');
    if (topic && HAS_VERB.test(fact) && fact.split(/\s+/).length >= 3)
      return [...ask('topic', topic), ...ask('fact', fact)];
    return ask('topic', rest);
  }
  if ((m = text.match(PASS_ON)) && m[1]) return ask('detail', m[1]);
  // Anything else is said as written, as a fact when it has a verb ("Our summer menu starts in June").
  return ask(HAS_VERB.test(text) && text.split(/\s+/).length >= 3 ? 'fact' : 'topic', text);
}

export function readInstructions(text: string | null | undefined, voice: Voice): Instructions {
  const found: Instructions = { asks: [], avoid: [], short: false, emoji: false };
  const clauses = sentences(text).flatMap((s) => s.split(/\s*;\s*|\s+-\s+|\s*•\s*/));
  for (const clause of clauses) readClause(clause, voice, found);
  const seen = uniq(found.asks.map((a) => a.text));
  found.asks = seen.slice(0, MAX_ASKS).map((t) => found.asks.find((a) => a.text === t) as Ask);
  found.avoid = uniq(found.avoid);
  return found;
}

/**
 * How each kind of ask is said; several ways, so a month of posts does not repeat one line.
 * Templates starting with "~" are casual (left out for a professional tone and on LinkedIn).
 */
const SAY: Record<Ask['kind'], string[]> = {
  fact: [
    'Good news: {ask}.',
    'In case you missed it, {ask}.',
    'A quick reminder: {ask}.',
    "Here's the latest from {name}: {ask}.",
    'Worth knowing: {ask}.',
    '~Did you know? {Ask}.',
    '~Psst: {ask}.',
  ],
  topic: [
    "{We're} excited to tell you about {ask}.",
    'Have you heard about {ask}?',
    'Ask {us} about {ask}: {we} would love to tell you more.',
    'A word on {ask}, from everyone at {name}.',
    "Don't miss {ask}.",
    'This time at {name}, the spotlight is on {ask}.',
    '~Big news: {ask}!',
  ],
  detail: [
    'Good to know: {ask}.',
    'Keep this handy: {ask}.',
    'Worth saving: {ask}.',
    'For reference: {ask}.',
    'One for your notes: {ask}.',
  ],
  action: [
    'Why not {ask}?',
    "Ready to {ask}? {We'd} love to hear from you.",
    '{Ask}: it only takes a minute.',
    "Don't wait: {ask}.",
    '{We} would love you to {ask}.',
    '~Go on, {ask}!',
  ],
};

/**
 * One sentence per ask, none with a banned term. The wording turns with `turn` (the post's
 * index), from a start of the company's own, so a month of posts goes through every wording
 * before it says one twice.
 */
export function askSentences(
  asks: Ask[],
  turn: number,
  vars: Record<string, string | undefined>,
  formal: boolean,
  banned: string[],
): string[] {
  return asks.flatMap((ask, n) => {
    const templates = SAY[ask.kind].filter((t) => !(formal && t.startsWith('~'))).map((t) => t.replace(/^~/, ''));
    const start = hashSeed(`${vars.name ?? ''}\u241f${ask.text}`) + turn + n;
    const filled = templates
      .map((_, i) => templates[(start + i) % templates.length] ?? '')
      .map((t) => fill(t, { ...vars, ask: ask.text, Ask: capitalize(ask.text) }))
      .find((t): t is string => !!t && !mentionsAny(t, banned));
    return filled ? [filled] : [];
  });
}
