import type { AiCompanyContext } from '../ai-port';
import { type CompanyFacts, companyFacts, offerWithArticle, placePhrase } from './company-facts';
import { rng } from './seeded';
import { capitalize, endWithPeriod, lowerFirst, stripEnd } from './text';

/**
 * Two ideal customer profiles in markdown. With two customer groups in the owner's words, one
 * profile each; with one, the same group at two stages (the loyal regular and the first-timer, or
 * for business customers the decision-maker and the day-to-day user), which is how a marketer
 * would split a single audience.
 */

interface Persona {
  segment: string;
  role: 'regular' | 'first-timer' | 'decision-maker' | 'day-to-day user' | 'segment';
}

const NAMES = [
  'Sarah',
  'James',
  'Priya',
  'Tom',
  'Aisha',
  'Daniel',
  'Chloe',
  'Marcus',
  'Elena',
  'Sam',
  'Grace',
  'Leo',
  'Maya',
  'Owen',
  'Nadia',
  'Ben',
];

/** Age range a marketer would assume for a group, from the words the owner used. */
function ageRange(segment: string, b2b: boolean): [number, number] {
  const s = segment.toLowerCase();
  if (/student|undergrad/.test(s)) return [18, 24];
  if (/teen/.test(s)) return [35, 50]; // their parents buy
  if (/young|graduate|gen ?z|first job/.test(s)) return [24, 34];
  if (/famil|parent|mums?|moms?|dads?/.test(s)) return [30, 45];
  if (/retire|senior|older|pension|over 60/.test(s)) return [60, 75];
  if (/couple|newlywed|wedding/.test(s)) return [26, 40];
  if (b2b || /owner|founder|freelanc|entrepreneur|manager|director/.test(s)) return [30, 55];
  return [25, 54];
}

function channels(segment: string, b2b: boolean, facts: CompanyFacts): string[] {
  const [low] = ageRange(segment, b2b);
  const place = facts.places[0];
  const local = place ? ` ('${facts.category} near me', '${facts.category} ${place}')` : '';
  const list = [`Google search and Maps${local}, reading reviews before deciding`];
  if (b2b) {
    list.push(
      'LinkedIn, following peers and people who share practical advice',
      'Industry newsletters, podcasts and online communities',
    );
    if (place) list.push(`Local business networks and events in ${place}`);
  } else if (low < 30) {
    list.push('Instagram and Threads, saving posts to come back to', 'Recommendations from friends and group chats');
  } else if (low < 55) {
    list.push(
      `Facebook, including local community groups${place ? ` in ${place}` : ''}`,
      'Instagram for ideas and inspiration',
      'Word of mouth from friends and colleagues',
    );
  } else {
    list.push(
      'Facebook, to keep up with family and local news',
      `Local newspapers, radio and noticeboards${place ? ` in ${place}` : ''}`,
      'Word of mouth',
    );
  }
  return list;
}

/** "want real bread" → "Find real bread"; "want to grow" → "Grow"; otherwise the need as they put it. */
function needAsGoal(need: string | undefined): string | undefined {
  if (!need) return undefined;
  const toVerb = need.match(/^(?:want|need|are looking|hope|would like|wish)\s+to\s+(.+)$/i);
  if (toVerb?.[1]) return capitalize(toVerb[1]);
  const object = need.match(
    /^(?:want|need|are looking for|look for|are searching for|are hoping for|are in need of)\s+(.+)$/i,
  );
  if (object?.[1]) return `Find ${object[1]}`;
  return `Work with someone who understands that they ${need}`;
}

function profile(facts: CompanyFacts, persona: Persona, index: number): string {
  const r = rng(facts.name, 'icp', index, persona.segment, persona.role);
  const first = r.pick(NAMES.filter((_, i) => i % 2 === index % 2));
  const [low, high] = ageRange(persona.segment, facts.b2b);
  const age = Math.round(r.between(low, high));
  const place = facts.places[0];
  const where = placePhrase(facts);
  const offer = offerWithArticle(facts);
  const { we, our } = facts.voice;
  const roleLabel = {
    regular: 'the loyal regular',
    'first-timer': 'the first-timer',
    'decision-maker': 'the decision-maker',
    'day-to-day user': 'the day-to-day user',
    segment: index === 0 ? 'core customer' : 'growth customer',
  }[persona.role];
  const goalFromNeed = needAsGoal(facts.need);
  // Two named groups are also two stages: the core group already buys, the second is the one to win.
  const stage = persona.role === 'segment' ? (index === 0 ? 'regular' : 'first-timer') : persona.role;

  const summary = {
    regular: `${first} is one of the ${persona.segment}${place ? ` in ${place}` : ''} who already know what they like. Once ${first} finds ${offer} that gets it right, they stay, and they tell their friends.`,
    'first-timer': `${first} is one of the ${persona.segment}${place ? ` around ${place}` : ''} who has not tried ${facts.name} yet. They are curious, a little cautious, and want to be sure before they commit.`,
    'decision-maker': `${first} is one of the ${persona.segment}${place ? ` in ${place}` : ''} and decides where the money goes. They want a provider they can trust to get on with it, without chasing.`,
    'day-to-day user': `${first} is one of the ${persona.segment} too, but the one who deals with providers like ${facts.name} day to day. Their experience decides whether the relationship lasts.`,
    segment: `${first} is one of the ${persona.segment}${place ? ` in ${place}` : ''}${facts.need ? ` who ${facts.need}` : ''}.`,
  }[persona.role];

  const goals = [
    goalFromNeed,
    stage === 'first-timer'
      ? `Try ${facts.offerNoun ?? facts.name} with as little risk as possible`
      : `Rely on ${offer} that gets it right every time`,
    facts.b2b ? 'Save time and stay focused on running their business' : 'Spend less time and worry getting it right',
    stage === 'regular'
      ? 'Feel recognised and valued as a returning customer'
      : 'Get clear answers quickly, in plain language',
  ].filter(Boolean) as string[];

  const pains = [
    facts.b2b
      ? 'Admin and follow-ups that eat into their working day'
      : 'Too many options and too little time to compare them',
    'Being let down before by businesses that over-promised',
    stage === 'first-timer'
      ? 'Not knowing what to expect or what it will really cost'
      : 'Having to explain what they need again and again',
    place
      ? `Few options near ${place} that really understand people like them`
      : 'Generic service that treats everyone the same',
  ];

  const triggers = [
    'A recommendation from someone they trust, or a run of good reviews',
    stage === 'first-timer' ? 'An easy, low-commitment first step' : 'Consistent quality and a personal touch',
    'Clear information on the website and a quick reply to questions',
    facts.b2b
      ? 'A deadline, a new project or a problem they cannot ignore'
      : 'A special occasion, a change of routine or a new season',
  ];

  const helps = [
    facts.lead,
    facts.why[0],
    stage === 'first-timer'
      ? `${capitalize(we)} make the first step easy: a friendly welcome, clear answers and no pressure.`
      : `${capitalize(we)} remember what matters to ${first} and keep getting it right.`,
  ].filter(Boolean) as string[];

  const messages = [
    facts.need ? `"For ${persona.segment} who ${facts.need}."` : `"Made for ${persona.segment}."`,
    place
      ? `"${capitalize(offer)} in ${place} that gets it right, every time."`
      : `"${capitalize(offer)} that gets it right, every time."`,
    stage === 'first-timer' ? `"New to ${facts.name}? Start here."` : `"Thanks for coming back: here is what is new."`,
  ];

  return [
    `# Ideal customer ${index + 1}: ${capitalize(persona.segment)} (${roleLabel})`,
    `**Meet ${first}, ${age}.** ${summary}`,
    '## Demographics',
    [
      `- **Age:** ${low}–${high}`,
      `- **Location:** ${where || 'within easy reach of the business'}`,
      `- **Who they are:** ${capitalize(persona.segment)}${facts.b2b ? ', buying for their business' : ''}`,
      `- **Attitude to spending:** ${stage === 'first-timer' ? 'careful until trust is earned' : 'values quality and reliability over the lowest price'}`,
    ].join('\n'),
    '## Goals',
    goals.map((g) => `- ${endWithPeriod(g)}`).join('\n'),
    '## Pain points',
    pains.map((p) => `- ${endWithPeriod(p)}`).join('\n'),
    '## Where they spend time',
    channels(persona.segment, facts.b2b, facts)
      .map((c) => `- ${endWithPeriod(c)}`)
      .join('\n'),
    '## What makes them buy',
    triggers.map((t) => `- ${endWithPeriod(t)}`).join('\n'),
    `## How ${facts.name} helps`,
    helps.join(' '),
    '## Messages that work',
    messages.map((m) => `- ${m}`).join('\n'),
    `*Write to ${first} in ${our} own voice${facts.toneText ? `: ${stripEnd(lowerFirst(facts.toneText))}` : ''}.*`,
  ].join('\n\n');
}

export function offlineIdealCustomers(company: AiCompanyContext): [string, string] {
  const facts = companyFacts(company);
  const [segment1, segment2] = facts.segments;
  const personas: [Persona, Persona] =
    segment1 && segment2
      ? [
          { segment: segment1, role: 'segment' },
          { segment: segment2, role: 'segment' },
        ]
      : facts.b2b
        ? [
            { segment: facts.audience, role: 'decision-maker' },
            { segment: facts.audience, role: 'day-to-day user' },
          ]
        : [
            { segment: facts.audience, role: 'regular' },
            { segment: facts.audience, role: 'first-timer' },
          ];
  return [profile(facts, personas[0], 0), profile(facts, personas[1], 1)];
}
