import type { CompanyInfoFields } from '../companies/company-store';
import type { StoredKeyword } from '../keywords/keyword-entity';

/**
 * The demo company's business: the bakery the embedded runtime's sample website belongs to, so
 * the demo's overview, posts, keywords and audits all tell one story. Written as a real owner
 * would have filled it in after onboarding, for a newcomer to see every page as it looks in use.
 */
export const DEMO_WEBSITE_FALLBACK = 'https://harbourside-sourdough.example';

export const demoCompanyInfo = (website: string): CompanyInfoFields => ({
  name: 'Harbourside Sourdough',
  website,
  description:
    'Harbourside Sourdough is an artisan bakery on the Bristol harbourside. A team of six bakes slow-fermented sourdough, cardamom buns, seasonal pastries and made-to-order celebration cakes every morning in a wood-fired oven, from organic flour milled in the West Country. The shop opens Tuesday to Sunday from 7am, takes orders for collection, and supplies cafés and restaurants across the city.',
  customers:
    'Local families and commuters buying their weekly bread, people ordering celebration cakes for birthdays and weddings, and independent cafés and restaurants in Bristol buying wholesale.',
  why: 'Long fermentation, organic West Country flour and a wood-fired oven: bread that tastes of something and keeps for days, from bakers who know their customers by name.',
  tone: 'Warm, neighbourly and proud of the craft',
  voice: 'First person plural, plain words, a little dry humour, never salesy',
  locations: ['Bristol, United Kingdom'],
  goal: 'CUSTOMER_INCREASE',
  current_revenue: 420000,
  suggested_budget: 1200,
  onboarded: true,
});

export const DEMO_ICPS = [
  `## Weekend bread regulars

**Who they are:** Bristol households aged 30–55 living within a couple of miles of the harbourside, two incomes, often with young children. They shop at the farmers' market and care where their food comes from.

**What they want:** a loaf that lasts the week, something special for Saturday breakfast, and a treat for the children that is not from a supermarket.

**Where to reach them:** Instagram and Facebook on weekday evenings and Saturday mornings; local parenting groups; the neighbourhood newsletter.

**What moves them:** seeing the bread come out of the oven, knowing the bakers, seasonal bakes they can only get for a few weeks, and being able to order ahead so the loaf is waiting.`,
  `## Independent cafés and restaurants

**Who they are:** owners and head chefs of independent cafés, delis and restaurants in central Bristol, buying bread and pastries for 40–200 covers a day.

**What they want:** reliable early delivery, consistent quality, a supplier whose name sells on their own menu, and prices that hold for a season.

**Where to reach them:** LinkedIn and Instagram, the local hospitality association, word of mouth between chefs.

**What moves them:** tasting samples, seeing other respected venues name us on their menus, flexible standing orders, and a baker who answers the phone at 5am.`,
];

export const DEMO_PLAN = `# Marketing plan: more regulars and more wholesale accounts

## Goal
Grow weekly counter sales by 15% and sign four new wholesale cafés in the next six months, with a budget of £1,200 a month.

## Audiences
1. **Weekend bread regulars**: families near the harbourside who want bread that lasts and treats that feel special.
2. **Independent cafés and restaurants**: owners and chefs who want a reliable, reputable bread supplier.

## Channels and rhythm
| Channel | What | How often |
|---|---|---|
| Instagram | The bake in progress, new seasonal bakes, customers' orders | 3 posts a week, stories daily |
| Facebook | Opening times, order-ahead reminders, local events | 2 posts a week |
| Threads | Short notes from the night shift, quick polls | 2 posts a week |
| LinkedIn | Wholesale stories, partner cafés, the team | 1 post a week |
| Journal (blog) | How-tos and the story behind a bake | 2 articles a month |

## Themes by month
- **This month:** the 36-hour country white, order-ahead for weekends.
- **Next month:** seasonal bakes and celebration cakes for the holidays.
- **Month three:** the wholesale story: where you can eat our bread in Bristol.

## Measures
Followers and engagement on each platform (the Reports page), order-ahead numbers from the till, and wholesale enquiries from the website's contact form.`;

/** Researched keywords for a Bristol bakery: what people search for, how hard it is to rank, what a click costs. */
export const DEMO_KEYWORDS: StoredKeyword[] = [
  { keyword: 'sourdough bakery bristol', volume: 880, difficulty: 28, cpc: 0.74, recommended: true },
  { keyword: 'celebration cakes bristol', volume: 720, difficulty: 35, cpc: 1.12, recommended: true },
  { keyword: 'cardamom buns bristol', volume: 170, difficulty: 12, cpc: 0.41, recommended: true },
  { keyword: 'wholesale bread supplier bristol', volume: 90, difficulty: 18, cpc: 2.35, recommended: true },
  { keyword: 'artisan bread near me', volume: 2400, difficulty: 52, cpc: 0.88, recommended: false },
  { keyword: 'how to keep sourdough starter alive', volume: 1300, difficulty: 41, cpc: 0.15, recommended: true },
  { keyword: 'bakery harbourside bristol', volume: 140, difficulty: 9, cpc: 0.52, recommended: true },
  { keyword: 'birthday cake order bristol', volume: 390, difficulty: 31, cpc: 1.05, recommended: false },
  { keyword: 'organic bread delivery bristol', volume: 110, difficulty: 22, cpc: 1.6, recommended: false },
  { keyword: 'best croissants bristol', volume: 480, difficulty: 38, cpc: 0.63, recommended: false },
];

/** The keywords the owner kept, out of the researched ones. */
export const DEMO_SAVED_KEYWORDS = [
  'sourdough bakery bristol',
  'celebration cakes bristol',
  'cardamom buns bristol',
  'wholesale bread supplier bristol',
];
