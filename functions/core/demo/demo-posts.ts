import type { SocialPlatform } from '@shared/platform-rules';
import type { SampleGroup } from '../posts/post-store';

/**
 * The demo's calendar: eight weeks of posts already published and three weeks scheduled, on
 * the bakery's rhythm (Tuesday, Thursday and Saturday mornings, a journal article every other
 * week), placed around today so the calendar, the dashboard and the post-success chart are
 * alive whenever the history is written. Pure: the same day and photos give the same plan.
 */
export const PUBLISHED_WEEKS = 8;
export const SCHEDULED_WEEKS = 3;

interface SocialCopy {
  content: string;
  /** Index into the demo photos; Instagram posts always carry one. */
  photo: number;
  platforms: SocialPlatform[];
}

const SOCIAL: SocialCopy[] = [
  {
    content:
      'Thirty-six hours from flour to shelf. Our country white ferments slowly overnight, gets shaped by hand at 3am and goes into the wood-fired oven at 5. That is why it still tastes good on Thursday. Order ahead and it will be waiting for you. 🍞',
    photo: 0,
    platforms: ['instagram', 'facebook', 'threads'],
  },
  {
    content:
      'Cardamom buns are back on the counter from 7am. Soft, sticky, and gone by eleven most Saturdays, so come early or order a box of six for collection.',
    photo: 1,
    platforms: ['instagram', 'facebook'],
  },
  {
    content:
      'Planning a birthday, a wedding or a retirement? Our celebration cakes are made to order with a week’s notice. Tell us the flavours and the number of guests and we will design it with you.',
    photo: 2,
    platforms: ['instagram', 'facebook', 'linkedin'],
  },
  {
    content:
      'New on the shelf: seeded rye with sunflower, pumpkin and linseed. Dense, dark and made for open sandwiches. Ask for a taste at the counter this week.',
    photo: 3,
    platforms: ['instagram', 'threads'],
  },
  {
    content:
      'Weekend almond croissants: twice baked, filled with frangipane and finished with toasted almonds. Saturday and Sunday only, while they last.',
    photo: 4,
    platforms: ['instagram', 'facebook', 'threads'],
  },
  {
    content:
      '7am on the harbourside. The ovens have been going since midnight, the first loaves are cooling, and the ferry is just pulling in. Come and say good morning.',
    photo: 5,
    platforms: ['instagram', 'threads'],
  },
  {
    content:
      'Cafés and restaurants of Bristol: our wholesale bread is delivered before 7am, six days a week, from a standing order you can change by 2pm the day before. Six independent venues already serve it. Ask us for a tasting box for your team.',
    photo: 0,
    platforms: ['linkedin', 'facebook'],
  },
  {
    content:
      'Meet the night shift: three bakers, one wood-fired oven and a starter called Brunel who is older than the bakery. Everything on our shelves is shaped by their hands between midnight and dawn.',
    photo: 5,
    platforms: ['instagram', 'linkedin', 'facebook'],
  },
  {
    content:
      'Quick poll from the bakery: what should this month’s special be? Reply with cinnamon knots, chocolate rye or fig and walnut. The winner goes on the counter next Saturday.',
    photo: 1,
    platforms: ['threads', 'facebook'],
  },
  {
    content:
      'Nothing goes to waste here: whatever is left at closing goes to the food bank on Jacob’s Wells Road. Thank you to everyone who buys a loaf and makes that possible.',
    photo: 3,
    platforms: ['facebook', 'instagram'],
  },
];

const BLOGS: { subject: string; content: string }[] = [
  {
    subject: 'How to keep a sourdough starter alive: feeding, storing and reviving it at home, from our bakers',
    content: `Every loaf we bake starts with Brunel, a starter that is older than the bakery. Here is how to keep yours as happy.

## Feed it on a rhythm
Equal weights of flour and water, once a day if it lives on the counter, once a week if it lives in the fridge.

## Read the signs
A starter that smells of nail varnish is hungry, not dead. Feed it twice in a day and it will bounce back.

## Bring it to us
If yours has given up, bring a jar to the counter and we will top it up with a spoonful of Brunel.`,
  },
  {
    subject: 'Why our country white ferments for 36 hours, and what slow fermentation does for flavour and freshness',
    content: `Most bread is made in three hours. Ours takes thirty-six, and here is why.

## Flavour
A long, cool fermentation gives the wild yeasts and bacteria time to make the acids that taste of something.

## Keeping
The same acids keep the crumb moist and the mould away: our loaves are still good on day four.

## Digestion
Many customers tell us slow-fermented bread sits better with them. We are bakers, not doctors, but we hear it every week.`,
  },
  {
    subject:
      'Where to eat our bread in Bristol: the independent cafés and restaurants our wholesale bakers deliver to each morning',
    content: `Six independent venues across the city now serve our bread every morning.

## Delivered before seven
Our van leaves the quay at 5:30 so every order is on the counter before opening.

## Standing orders that bend
Change tomorrow's order until 2pm today, by phone or email.

## Want to join them?
Ask for a tasting box for your kitchen team.`,
  },
];

const DAY_MS = 86_400_000;
/** The bakery posts on Tuesday, Thursday and Saturday mornings (UTC days: 2, 4, 6). */
const POSTING_DAYS = new Set([2, 4, 6]);

const at = (day: Date, hours: number, minutes: number) =>
  new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hours, minutes)).toISOString();

/**
 * The plan around `now`: published groups on posting days in the last eight weeks (at 09:30,
 * before now), scheduled groups on posting days in the next three (at 09:30, after now), and a
 * journal article every other Wednesday.
 */
export function demoPostPlan(now: Date, photoIds: readonly number[]): SampleGroup[] {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const photo = (index: number) => {
    const id = photoIds[index % Math.max(1, photoIds.length)];
    return id === undefined ? [] : [id];
  };
  const groups: SampleGroup[] = [];
  let social = 0;
  let blog = 0;
  for (let offset = -7 * PUBLISHED_WEEKS; offset <= 7 * SCHEDULED_WEEKS; offset++) {
    const day = new Date(today.getTime() + offset * DAY_MS);
    const weekday = day.getUTCDay();
    if (POSTING_DAYS.has(weekday)) {
      const time = at(day, 9, 30);
      if (time === now.toISOString()) continue;
      const copy = SOCIAL[social++ % SOCIAL.length];
      if (!copy) continue;
      const files = photo(copy.photo);
      // Instagram takes no post without a photo.
      const platforms = files.length ? copy.platforms : copy.platforms.filter((p) => p !== 'instagram');
      groups.push({
        platforms,
        subject: null,
        content: copy.content,
        files,
        status: time < now.toISOString() ? 'published' : 'scheduled',
        at: time,
      });
    }
    // Every other Wednesday, counted from a fixed Monday so the fortnight does not drift with today.
    if (weekday === 3 && Math.floor(day.getTime() / (7 * DAY_MS)) % 2 === 0) {
      const time = at(day, 11, 0);
      const article = BLOGS[blog++ % BLOGS.length];
      if (!article || time === now.toISOString()) continue;
      groups.push({
        platforms: ['wordpress'],
        subject: article.subject,
        content: article.content,
        files: photo(blog),
        status: time < now.toISOString() ? 'published' : 'scheduled',
        at: time,
      });
    }
  }
  return groups;
}
