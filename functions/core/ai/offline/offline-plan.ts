import type { AiGoal, MarketingPlanRequest } from '../ai-port';
import { planMonths } from '../content-rules';
import { seasonOf } from './calendar-words';
import { baseVars, type CompanyFacts, companyFacts, offerWithArticle, placePhrase } from './company-facts';
import { rng } from './seeded';
import { capitalize, fill, joinList, stripEnd } from './text';

/**
 * A twelve-month marketing plan in markdown: summary, objectives and KPIs, a budget split from the
 * company's suggested budget (or an organic plan without one), channels chosen for its customers,
 * content pillars, then one section per month with a theme, actions, budget and a KPI target.
 * The month themes follow the company's goal: a launch, growth, retention, or both.
 */

interface Theme {
  title: string;
  focus: string;
  actions: string[];
  kpi: string;
}

const THEMES = {
  foundations: {
    title: 'Foundations',
    focus: 'Get the basics right so every later campaign has somewhere to land.',
    actions: [
      'Complete and verify the Google Business Profile{inPlace?}, with photos, hours and services',
      'Set up or refresh the social profiles with the same name, logo and description: "{leadShort}"',
      'Plan the first month of posts around the content pillars below',
    ],
    kpi: 'All profiles live and consistent; first 12 posts published',
  },
  launch: {
    title: 'Launch campaign',
    focus: 'Tell {places} that {name} is here, and give people a reason to try it now.',
    actions: [
      'Announce the launch on every channel with a clear first-visit or first-order reason to act',
      'Invite local press, neighbours and community groups{inPlace?} to an opening moment',
      'Run a small, tightly targeted paid social campaign for {audience}',
    ],
    kpi: 'Reach and first enquiries; 100+ new followers',
  },
  reviews: {
    title: 'Reviews and word of mouth',
    focus: 'Turn happy customers into public proof.',
    actions: [
      'Ask every happy customer for a Google review with a short link or QR code',
      'Reply to every review within two days, thanking people by name',
      'Share the best reviews as posts (with permission)',
    ],
    kpi: '10+ new reviews, average 4.5 stars or higher',
  },
  audit: {
    title: 'Audit and quick wins',
    focus: 'Find where customers come from today and fix what is leaking.',
    actions: [
      'Ask the last 20 customers how they found {name} and note the answers',
      'Fix the website basics: clear offer, contact details, fast pages{siteNote?}',
      'Update the Google Business Profile and reply to any unanswered reviews',
    ],
    kpi: 'Baseline numbers recorded for every KPI',
  },
  search: {
    title: 'Be found in search',
    focus: 'Show up when {audienceHere} search for {offerAny}.',
    actions: [
      'Publish two blog articles answering the questions customers ask most',
      'Add services, photos and posts to the Google Business Profile weekly',
      'Start a small search ad campaign on the terms that already bring enquiries',
    ],
    kpi: 'Website visits from search up 20% on the baseline',
  },
  referral: {
    title: 'Referral programme',
    focus: 'Make it easy and rewarding for customers to bring a friend.',
    actions: [
      'Launch a simple "bring a friend" reward for both sides',
      'Tell existing customers about it in person, by email and on social',
      'Track referred customers so the reward can be judged on results',
    ],
    kpi: '10% of new customers come from referrals',
  },
  paid: {
    title: 'Paid social test',
    focus: 'Find the message and audience that bring customers at a sensible cost.',
    actions: [
      'Test two messages against each other for {audience}, one about the offer and one about the why',
      'Target people{inPlace?} who match the ideal customer profiles',
      'Keep the winner, stop the loser, and note the cost per enquiry',
    ],
    kpi: 'Cost per enquiry measured; best ad identified',
  },
  content: {
    title: 'Helpful content',
    focus: 'Answer the questions {audience} ask before they buy.',
    actions: [
      'Turn the five most common customer questions into posts and one longer article',
      'Share a behind-the-scenes look at how {name} works',
      'Repurpose the best-performing post into a short video or carousel',
    ],
    kpi: 'Engagement rate above 3% on social posts',
  },
  midyear: {
    title: 'Mid-year review',
    focus: 'Look at six months of numbers and move money to what works.',
    actions: [
      'Compare every KPI with the baseline and the targets in this plan',
      'Move budget from the weakest channel to the strongest',
      'Ask five customers for a short chat about what they value most',
    ],
    kpi: 'Plan updated for the next six months',
  },
  community: {
    title: 'Community and partnerships',
    focus: 'Be part of local life{inPlace?} and borrow the trust of partners.',
    actions: [
      'Partner with a complementary local business for a joint offer or event',
      'Sponsor or join one community event{inPlace?}',
      'Feature local customers and partners in posts',
    ],
    kpi: '2 partnerships; 1 event; new followers from partner audiences',
  },
  email: {
    title: 'Email and retention',
    focus: 'Stay in touch with the people who already know {name}.',
    actions: [
      'Start or relaunch a monthly email with news, tips and one clear offer',
      'Collect email addresses at every sale or enquiry (with consent)',
      'Send a friendly "we miss you" message to customers who have not been back',
    ],
    kpi: 'Email list +20%; open rate above 35%',
  },
  loyalty: {
    title: 'Loyalty',
    focus: 'Reward the customers who keep {name} going.',
    actions: [
      'Introduce a simple loyalty reward for repeat customers',
      'Thank regulars publicly (with permission) in posts',
      'Ask regulars what they would like to see next',
    ],
    kpi: 'Repeat customers up 10% on the baseline',
  },
  seasonal: {
    title: '{Season} campaign',
    focus: 'Give {audience} a timely reason to act this {season}.',
    actions: [
      'Plan {aSeason} offer or theme and announce it two weeks ahead',
      'Create a short series of posts and one email around it',
      'Put a little extra paid budget behind the best-performing post',
    ],
    kpi: 'Enquiries or sales above the monthly average',
  },
  stories: {
    title: 'Customer stories',
    focus: 'Let customers tell the story of {name} for you.',
    actions: [
      'Interview two customers about the difference {name} made',
      'Turn each story into a post, a short video and a blog article',
      'Add the stories to the website where people decide',
    ],
    kpi: '2 customer stories published; engagement above average',
  },
  peak: {
    title: 'Peak-season push',
    focus: 'Make the most of the busiest buying time of the year.',
    actions: [
      'Announce opening times, deadlines and offers early and often',
      'Increase posting to five times a week across the main channels',
      'Retarget website visitors and engaged followers with a clear offer',
    ],
    kpi: 'Best sales or enquiries month of the year',
  },
  yearend: {
    title: 'Year in review and next year',
    focus: 'Celebrate the year with customers and set the next plan.',
    actions: [
      'Share a thank-you post and email with the highlights of the year',
      'Review every KPI against its target and write down the lessons',
      "Draft next year's plan, keeping the channels that worked",
    ],
    kpi: 'All targets reviewed; next plan drafted',
  },
} satisfies Record<string, Theme>;

type ThemeId = keyof typeof THEMES;

/** One theme per plan month, in order. */
const SEQUENCES: Record<AiGoal, ThemeId[]> = {
  LAUNCHING_BUSINESS: [
    'foundations',
    'launch',
    'reviews',
    'community',
    'content',
    'midyear',
    'search',
    'referral',
    'seasonal',
    'stories',
    'peak',
    'yearend',
  ],
  CUSTOMER_INCREASE: [
    'audit',
    'search',
    'referral',
    'paid',
    'content',
    'midyear',
    'community',
    'email',
    'seasonal',
    'stories',
    'peak',
    'yearend',
  ],
  MAINTAIN_BUSINESS: [
    'audit',
    'loyalty',
    'email',
    'reviews',
    'content',
    'midyear',
    'community',
    'stories',
    'seasonal',
    'referral',
    'peak',
    'yearend',
  ],
  BOTH_MAINTAIN: [
    'audit',
    'loyalty',
    'search',
    'referral',
    'content',
    'midyear',
    'email',
    'paid',
    'seasonal',
    'stories',
    'peak',
    'yearend',
  ],
};

const SPLITS: Record<AiGoal, [string, number][]> = {
  LAUNCHING_BUSINESS: [
    ['Paid social ads', 35],
    ['Local search ads', 25],
    ['Content and photography', 20],
    ['Events and partnerships', 10],
    ['Email and loyalty', 5],
    ['Tools', 5],
  ],
  CUSTOMER_INCREASE: [
    ['Paid social ads', 30],
    ['Search ads', 30],
    ['Content and photography', 20],
    ['Referral rewards', 10],
    ['Email and loyalty', 5],
    ['Tools', 5],
  ],
  MAINTAIN_BUSINESS: [
    ['Content and photography', 30],
    ['Email and loyalty', 25],
    ['Paid social ads', 20],
    ['Community and events', 15],
    ['Reviews and reputation', 5],
    ['Tools', 5],
  ],
  BOTH_MAINTAIN: [
    ['Paid social ads', 25],
    ['Search ads', 20],
    ['Content and photography', 20],
    ['Email and loyalty', 20],
    ['Events and partnerships', 10],
    ['Tools', 5],
  ],
};

const OBJECTIVES: Record<AiGoal, [string, string, (scale: number) => string][]> = {
  LAUNCHING_BUSINESS: [
    ['Build awareness', 'Followers across channels', (s) => `${Math.round(300 * s)}+`],
    ['Win first customers', 'Enquiries or first orders per month', (s) => `${Math.round(20 * s)}+ by month 6`],
    ['Earn trust', 'Google reviews', (s) => `${Math.round(25 * Math.min(s, 3))}+ at 4.5 stars or higher`],
  ],
  CUSTOMER_INCREASE: [
    [
      'Grow new customers',
      'New customers per month',
      (s) => `+${Math.round(20 + 10 * Math.min(s, 4))}% on the baseline`,
    ],
    ['Be found', 'Website visits from search and maps', (s) => `+${Math.round(30 + 10 * Math.min(s, 4))}%`],
    ['Turn interest into action', 'Enquiry conversion rate', () => '+25%'],
  ],
  MAINTAIN_BUSINESS: [
    ['Keep customers coming back', 'Repeat customer rate', () => '+10 points'],
    ['Stay in touch', 'Email list size and open rate', () => '+25% list; 35%+ opens'],
    ['Protect reputation', 'Average review rating', () => '4.6 stars or higher'],
  ],
  BOTH_MAINTAIN: [
    ['Keep customers coming back', 'Repeat customer rate', () => '+10 points'],
    ['Grow new customers', 'New customers per month', (s) => `+${Math.round(15 + 5 * Math.min(s, 4))}%`],
    ['Be found', 'Website visits from search and maps', () => '+30%'],
  ],
};

const GOAL_AIMS: Record<AiGoal, string> = {
  LAUNCHING_BUSINESS: 'launch the business and win its first loyal customers',
  CUSTOMER_INCREASE: 'bring in more new customers, month after month',
  MAINTAIN_BUSINESS: 'keep current customers coming back and protect the reputation already earned',
  BOTH_MAINTAIN: 'keep current customers coming back while winning new ones',
};

/** Consumer businesses peak before the holidays: the peak month goes to November, wherever the plan starts. */
function placePeak(sequence: ThemeId[], months: { month: number }[], b2b: boolean): ThemeId[] {
  const out = [...sequence];
  const peak = out.indexOf('peak');
  const november = months.findIndex((m) => m.month === 10);
  const atPeak = out[peak];
  const atNovember = out[november];
  if (b2b || !atPeak || !atNovember || november < 1 || november === out.length - 1) return out;
  out[peak] = atNovember;
  out[november] = atPeak;
  return out;
}

const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/** Heavier spending at the launch and in the busiest season; the year's total stays 12 × monthly. */
function monthWeights(sequence: ThemeId[]): number[] {
  const raw = sequence.map((id) =>
    id === 'launch' || id === 'peak'
      ? 1.3
      : id === 'seasonal' || id === 'paid'
        ? 1.15
        : id === 'midyear' || id === 'yearend'
          ? 0.8
          : 1,
  );
  const sum = raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => (w * raw.length) / sum);
}

function channelsFor(facts: CompanyFacts): string[] {
  const place = facts.places[0];
  const out = [
    `**Google Business Profile and search**: where ${facts.audience}${place ? ` in ${place}` : ''} look first; weekly updates and review replies.`,
    `**Website and blog**: two helpful articles a month${facts.site ? ` on ${facts.site}` : ''}, each ending with a clear next step.`,
  ];
  if (facts.b2b) {
    out.push('**LinkedIn**: three posts a week sharing advice, results and the team behind the work.');
    out.push('**Facebook**: two posts a week for local reach and community groups.');
  } else {
    out.push('**Instagram**: four posts a week; photos and short videos of the work and the people.');
    out.push(`**Facebook**: three posts a week, plus local community groups${place ? ` in ${place}` : ''}.`);
    out.push('**Threads**: short, friendly updates between the bigger posts.');
  }
  out.push('**Email**: one newsletter a month to customers who opted in.');
  return out;
}

export function offlineMarketingPlan(request: MarketingPlanRequest): string {
  const facts = companyFacts(request.company);
  const goal = facts.goal ?? 'CUSTOMER_INCREASE';
  const months = planMonths(request.startDate);
  const r = rng(facts.name, 'plan', goal);
  const budget = Math.max(0, request.company.suggestedBudget ?? 0);
  const scale = budget > 0 ? Math.max(1, budget / 500) : 1;
  const sequence = placePeak(SEQUENCES[goal], months, facts.b2b);
  const weights = monthWeights(sequence);
  const leadShort = stripEnd(facts.lead ?? `${facts.name} serves ${facts.audience}`).slice(0, 140);
  const vars = {
    ...baseVars(facts),
    leadShort,
    siteNote: facts.site ? ` on ${facts.site}` : '',
  };
  const icpTitles = (request.company.icps ?? [])
    .map((p) => p.match(/^#\s+(.+)$/m)?.[1]?.replace(/^Ideal customer \d+:\s*/i, ''))
    .filter((t): t is string => !!t);

  const summary = [
    `${facts.name} is ${offerWithArticle(facts)}${facts.places.length ? ` serving ${placePhrase(facts)}` : ''}.`,
    `Goal for the next 12 months: ${GOAL_AIMS[goal]}.`,
    `The plan concentrates on ${facts.customers}${icpTitles.length ? ` (ideal customers: ${joinList(icpTitles)})` : ''}.`,
    facts.why[0]
      ? `Every campaign carries the reason the business exists: ${stripEnd(facts.why[0]).replace(/^./, (c) => c.toLowerCase())}.`
      : '',
    budget > 0
      ? `Budget: ${money(budget)} a month, ${money(budget * 12)} over the year.`
      : 'No paid budget is set, so this plan is organic first: time instead of money, with paid tests once results justify them.',
  ].filter(Boolean);

  const split = SPLITS[goal];
  const budgetSection =
    budget > 0
      ? [
          '| Channel | Share | Per month | Per year |',
          '|---|---:|---:|---:|',
          ...split.map(
            ([channel, pct]) =>
              `| ${channel} | ${pct}% | ${money((budget * pct) / 100)} | ${money((budget * pct * 12) / 100)} |`,
          ),
          `| **Total** | **100%** | **${money(budget)}** | **${money(budget * 12)}** |`,
          '',
          'Launch and peak-season months get more, review months less; each month below shows its share.',
        ].join('\n')
      : [
          '| Channel | Hours per week |',
          '|---|---:|',
          '| Social posts and replies | 3 |',
          '| Google Business Profile and reviews | 1 |',
          '| Blog and website | 2 |',
          '| Email newsletter | 1 |',
          '| Partnerships and community | 1 |',
        ].join('\n');

  const monthSections = months.map((m, i) => {
    const season = seasonOf(m.month, facts.southern);
    const monthVars = {
      ...vars,
      season,
      Season: capitalize(season),
      aSeason: `${season === 'autumn' ? 'an' : 'a'} ${season}`,
    };
    // Every sequence has a theme for each of the plan's months; 'content' only satisfies the index check.
    const theme: Theme = THEMES[sequence[i] ?? 'content'];
    const title = fill(theme.title, monthVars) ?? theme.title;
    const actions = theme.actions.map((a) => fill(a, monthVars)).filter((a): a is string => !!a);
    const channels = r
      .shuffle(
        facts.b2b
          ? ['LinkedIn', 'Google Business Profile', 'Email', 'Blog', 'Facebook']
          : ['Instagram', 'Facebook', 'Google Business Profile', 'Email', 'Threads', 'Blog'],
      )
      .slice(0, 3);
    return [
      `### Month ${i + 1} – ${m.label}: ${title}`,
      `- **Focus:** ${fill(theme.focus, monthVars) ?? theme.focus}`,
      `- **Channels:** ${joinList(channels)}`,
      `- **Key actions:**\n${actions.map((a) => `  - ${a}.`).join('\n')}`,
      budget > 0 ? `- **Budget:** ${money(budget * (weights[i] ?? 1))}` : '- **Budget:** organic (time only)',
      `- **KPI target:** ${theme.kpi}`,
    ].join('\n');
  });

  const pillars = [
    `**Why ${facts.name}**: the story and the people${facts.why[0] ? ` ("${stripEnd(facts.why[0])}")` : ''}.`,
    `**Helpful advice**: answers to the questions ${facts.audience} ask${facts.keywords.length ? `, including ${joinList(facts.keywords.slice(0, 3))}` : ''}.`,
    facts.places.length
      ? `**Local life**: ${placePhrase(facts)}, its events and the people ${facts.voice.we} serve.`
      : '**Community**: the people and partners around the business.',
    '**Proof**: reviews, results and customer stories.',
    '**News and offers**: what is new, seasonal moments and clear calls to action.',
  ];

  return [
    `# 12-month marketing plan for ${facts.name}`,
    `*${months[0]?.label ?? ''} to ${months.at(-1)?.label ?? ''}*`,
    '## Summary',
    summary.join(' '),
    '## Objectives and KPIs',
    [
      '| Objective | KPI | 12-month target |',
      '|---|---|---|',
      ...OBJECTIVES[goal].map(([o, k, t]) => `| ${o} | ${k} | ${t(scale)} |`),
    ].join('\n'),
    '## Budget',
    budgetSection,
    '## Channels',
    channelsFor(facts)
      .map((c) => `- ${c}`)
      .join('\n'),
    '## Content pillars',
    pillars.map((p) => `- ${p}`).join('\n'),
    '## Month by month',
    ...monthSections,
    '## Measuring success',
    [
      '- **Every month:** record followers, engagement, website visits, enquiries and reviews against the targets above.',
      '- **Every quarter:** keep what works, stop what does not, and move budget accordingly.',
      `- **Voice:** keep every message ${facts.toneText ? stripEnd(facts.toneText).toLowerCase() : 'consistent'}${facts.voiceText ? `; ${stripEnd(facts.voiceText).replace(/^./, (c) => c.toLowerCase())}` : ''}.`,
    ].join('\n'),
  ].join('\n\n');
}
