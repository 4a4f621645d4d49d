import { describe, expect, it } from 'vitest';
import type { AiCompanyContext, SocialPlatform } from '../../functions/core/ai/ai-port';
import { POST_MAX_LENGTH, platformLength, sameText } from '../../functions/core/ai/content-rules';
import { offlineAdapter as offline } from '../../functions/core/ai/offline/offline-adapter';
import {
  blogPostsReply,
  idealCustomersReply,
  marketingPlanReply,
  overviewReply,
  postsReply,
} from '../../functions/core/ai/reply-schemas';

/** Two companies as an owner would fill them in: nothing alike but the shape. */
const bakery: AiCompanyContext = {
  name: "Rosa's Bakery",
  description:
    "Rosa's Bakery is a family-run artisan bakery baking sourdough bread, pastries and celebration cakes every morning. We use organic flour from Cotswold mills and bake everything on site.",
  website: 'https://www.rosasbakery.co.uk/',
  customers: 'Busy families and young professionals who want real bread without the supermarket additives.',
  goal: 'CUSTOMER_INCREASE',
  why: 'We believe good bread brings people together. Rosa started baking for neighbours in 2015 and never stopped.',
  tone: 'Warm, friendly and a little playful',
  voice: 'First person plural, chatty',
  locations: ['Bristol, UK', 'Bath'],
  keywords: ['sourdough'],
  suggestedBudget: 800,
};

const accountant: AiCompanyContext = {
  name: 'Northwind Accounting',
  description:
    'Northwind Accounting is an independent accounting firm for creative freelancers and small agencies. We handle bookkeeping, self-assessment tax returns and VAT so our clients can focus on their work.',
  website: 'northwind-accounting.com',
  customers:
    'Freelance designers, photographers and small creative agencies looking for an accountant who speaks their language.',
  goal: 'LAUNCHING_BUSINESS',
  why: 'Too many creatives lose sleep over tax deadlines. We started Northwind to make money admin calm and predictable.',
  tone: 'Professional, clear and reassuring',
  voice: 'Plain English, no jargon',
  locations: ['Manchester', 'Salford'],
  suggestedBudget: 1500,
};

/** What must show that a text was written for this company and no other. */
const identity = {
  bakery: { business: /artisan bakery/i, customers: /busy families/i, location: /Bristol/ },
  accountant: {
    business: /accounting firm/i,
    customers: /freelance designers|creative agencies/i,
    location: /Manchester/,
  },
};

const dates = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 2, 2 + i * 3)).toISOString());

describe('offline text is company-specific', () => {
  it('ideal customer profiles: exactly two, each naming the business, its customers and places; the two companies differ', async () => {
    const a = await offline.idealCustomers(bakery);
    const b = await offline.idealCustomers(accountant);
    expect(idealCustomersReply.safeParse({ profiles: a }).success).toBe(true);
    expect(idealCustomersReply.safeParse({ profiles: b }).success).toBe(true);
    for (const profile of a) {
      expect(profile).toMatch(/^# /);
      for (const section of [
        '## Demographics',
        '## Goals',
        '## Pain points',
        '## Where they spend time',
        "## How Rosa's Bakery helps",
      ]) {
        expect(profile).toContain(section);
      }
      expect(profile).toMatch(identity.bakery.business);
      expect(profile).toMatch(identity.bakery.location);
      expect(profile).not.toMatch(/Northwind|Manchester/);
    }
    expect(a[0]).toMatch(identity.bakery.customers);
    expect(b.join('\n')).toMatch(identity.accountant.customers);
    expect(b.join('\n')).toMatch(identity.accountant.location);
    expect(b.join('\n')).toMatch(identity.accountant.business);
    expect(sameText(a[0], a[1])).toBe(false);
  });

  it("posts name each one's business, customers and locations, and never the other company's", async () => {
    const a = (await offline.posts({ company: bakery, platform: 'facebook', count: 12, dates })).map((p) => p.content);
    const b = (await offline.posts({ company: accountant, platform: 'facebook', count: 12, dates })).map(
      (p) => p.content,
    );
    const all = (posts: string[]) => posts.join('\n');
    for (const [posts, who, other] of [
      [a, identity.bakery, /Northwind|Manchester/],
      [b, identity.accountant, /Rosa|Bristol/],
    ] as const) {
      expect(all(posts)).toMatch(who.business);
      expect(all(posts)).toMatch(who.customers);
      expect(all(posts)).toMatch(who.location);
      expect(all(posts)).not.toMatch(other);
    }
    expect(a.filter((p) => b.some((q) => sameText(p, q)))).toEqual([]);
    // Hashtags come from the business and its places.
    expect(all(a)).toMatch(/#RosasBakery/);
    expect(all(a)).toMatch(/#Bristol/);
    expect(all(b)).toMatch(/#NorthwindAccounting/);
  });

  it("blogs and the plan name each one's business, customers and locations", async () => {
    for (const [company, who] of [
      [bakery, identity.bakery],
      [accountant, identity.accountant],
    ] as const) {
      const blogs = await offline.blogPosts({ company, platform: 'wordpress', count: 3, dates });
      const plan = await offline.marketingPlan({ company, startDate: '2026-03-01' });
      for (const text of [blogs.map((b) => `${b.title}\n${b.content}`).join('\n'), plan]) {
        expect(text).toContain(company.name);
        expect(text).toMatch(who.business);
        expect(text).toMatch(who.customers);
        expect(text).toMatch(who.location);
      }
    }
    expect(await offline.marketingPlan({ company: bakery })).not.toEqual(
      await offline.marketingPlan({ company: accountant }),
    );
  });

  it('is stable for the same company and request (a regenerated text does not change under the user)', async () => {
    const once = await offline.posts({ company: bakery, platform: 'instagram', count: 5, dates });
    const twice = await offline.posts({ company: bakery, platform: 'instagram', count: 5, dates });
    expect(twice).toEqual(once);
  });
});

describe('offline posts follow the platform rules', () => {
  it.each(['facebook', 'instagram', 'threads', 'linkedin'] as SocialPlatform[])(
    '%s: 30 posts within 80..max characters, no two alike',
    async (platform) => {
      for (const company of [bakery, accountant, { name: 'Bob' }]) {
        const posts = await offline.posts({ company, platform, count: 30, dates: [...dates, ...dates, ...dates] });
        expect(posts).toHaveLength(30);
        for (const { content } of posts) {
          expect(content.length).toBeGreaterThanOrEqual(80);
          expect(platformLength(platform, content)).toBeLessThanOrEqual(POST_MAX_LENGTH[platform]);
          expect(content).not.toMatch(/\{|\}|undefined|null|lorem/i);
          expect(content).toContain(company.name);
        }
        // The same checks the OpenAI adapter applies to a model's reply, distinctness included.
        const check = postsReply(platform, 30).safeParse({ posts });
        expect(check.error?.issues ?? []).toEqual([]);
      }
    },
  );

  it('threads posts stay within 500 UTF-8 bytes even with accented company text', async () => {
    const company = {
      ...bakery,
      name: 'Café Zoë Pâtisserie',
      description: `Café Zoë Pâtisserie is a French pâtisserie in Montréal. ${'Crème brûlée, éclairs et macarons faits maison. '.repeat(8)}`,
    };
    for (const { content } of await offline.posts({ company, platform: 'threads', count: 10 })) {
      expect(Buffer.byteLength(content)).toBeLessThanOrEqual(500);
    }
  });

  it('honours exclusions and uses keywords and a "mention ..." instruction', async () => {
    const posts = await offline.posts({
      company: bakery,
      platform: 'facebook',
      count: 12,
      dates,
      exclusions: "Don't mention Bath, no reviews",
      keywords: ['birthday cakes'],
      instructions: 'Please mention our new Sunday opening hours.',
    });
    const text = posts.map((p) => p.content).join('\n');
    expect(text).not.toMatch(/\bBath\b/);
    expect(text).not.toMatch(/review/i);
    expect(text).toMatch(/birthday cakes/i);
    expect(text).toMatch(/our new Sunday opening hours/);
  });

  it('a company that speaks as "I" gets posts in the first person singular', async () => {
    const solo = {
      ...accountant,
      name: 'Anna Park Bookkeeping',
      voice: 'First person singular, as the owner Anna',
      description:
        'Anna Park Bookkeeping is a one-woman bookkeeping service for tradespeople, with monthly fixed fees.',
      why: 'I spent ten years in big firms and wanted to give tradespeople the attention they deserve.',
    };
    const text = (await offline.posts({ company: solo, platform: 'linkedin', count: 10 }))
      .map((p) => p.content)
      .join('\n');
    expect(text).toMatch(/\b(I|I'm|I'd|me|my)\b/);
    expect(text).not.toMatch(/\b(we|we're|our|us)\b/i);
  });
});

describe('offline blogs, plan, overview and review replies', () => {
  it('blog titles are 80–300 characters and distinct, content is markdown with sections', async () => {
    const posts = await offline.blogPosts({
      company: accountant,
      platform: 'custom-blog',
      count: 8,
      keywords: ['VAT returns'],
    });
    const check = blogPostsReply('custom-blog', 8).safeParse({ posts });
    expect(check.error?.issues ?? []).toEqual([]);
    for (const post of posts) {
      expect(post.content.match(/^## /gm)?.length).toBeGreaterThanOrEqual(4);
      expect(post.content).toMatch(/northwind-accounting\.com/);
    }
    expect(posts.map((p) => p.title).join('\n')).toMatch(/VAT returns/i);
  });

  it('the plan covers 12 named months from the start date, with the budget split and KPIs', async () => {
    const plan = await offline.marketingPlan({ company: bakery, startDate: '2026-03-01' });
    expect(marketingPlanReply.safeParse({ plan }).success).toBe(true);
    const months = plan.match(/^### Month \d+ – .*$/gm) ?? [];
    expect(months).toHaveLength(12);
    expect(months[0]).toMatch(/March 2026/);
    expect(months[11]).toMatch(/February 2027/);
    expect(plan).toMatch(/\$800 a month, \$9,600 over the year/);
    expect(plan).toContain('## Objectives and KPIs');
    // Consumer businesses get their peak push in November.
    expect(plan).toMatch(/November 2026: Peak-season push/);
    const organic = await offline.marketingPlan({ company: { ...accountant, suggestedBudget: 0 } });
    expect(organic).toMatch(/organic first/);
    expect(organic).not.toMatch(/\$\d/);
  });

  it("the overview summarises the website's own name, description and places", async () => {
    const overview = await offline.companyOverview({
      url: 'https://www.greenleafgardens.example/',
      title: 'Home | Greenleaf Gardens – Garden design in Leeds',
      metaDescription:
        'Greenleaf Gardens designs and builds low-maintenance family gardens across Leeds and Harrogate.',
      headings: ['Garden design', 'Landscaping', 'Our projects'],
      schemaAddresses: ['14 Otley Road, Leeds LS6 2AA, GB'],
      text: 'We love creating outdoor spaces your family will enjoy for years. Our team has designed over 200 gardens in Leeds and Harrogate since 2012! Get in touch for a free consultation.',
    });
    expect(overviewReply.safeParse(overview).success).toBe(true);
    expect(overview.name).toBe('Greenleaf Gardens');
    expect(overview.description).toMatch(/low-maintenance family gardens/);
    expect(overview.locations).toEqual(expect.arrayContaining(['Leeds', 'Harrogate']));
    expect(overview.voice).toMatch(/First person plural/);
  });

  it('the overview of a thin page still meets the description rule', async () => {
    const overview = await offline.companyOverview(
      { url: 'https://tiny-shop.example', title: 'Tiny Shop' },
      { locations: ['York'] },
    );
    expect(overviewReply.safeParse(overview).success).toBe(true);
    expect(overview).toMatchObject({ name: 'Tiny Shop', locations: ['York'] });
  });

  it('review replies thank happy customers by name and apologise to unhappy ones', async () => {
    const happy = await offline.reviewReply(bakery, {
      reviewerName: 'Jane Smith',
      starRating: 5,
      comment: 'Lovely staff and the sourdough is delicious!',
    });
    expect(happy).toMatch(/^Jane, thank you/);
    expect(happy).toMatch(/the team|the quality/);
    expect(happy).toMatch(/The Rosa's Bakery team$/);
    const unhappy = await offline.reviewReply(accountant, {
      reviewerName: 'Tom',
      starRating: 1,
      comment: 'Slow to reply and expensive.',
    });
    expect(unhappy).toMatch(/sorry/);
    expect(unhappy).toMatch(/the wait|how the price felt/);
    expect(unhappy).toMatch(/northwind-accounting\.com/);
    expect(unhappy).not.toEqual(happy);
  });
});

describe('offline keyword suggestions', () => {
  const bakery: AiCompanyContext = {
    name: "Rosa's Sourdough Bakery",
    description:
      'A family-run artisan bakery baking sourdough bread, cinnamon buns and pastries every morning in the heart of Leeds.',
    locations: ['Leeds, UK'],
  };

  it('are search phrases of what the company is, sells and where, each once, with estimates in range', async () => {
    const keywords = await offline.keywords({ company: bakery, count: 20 });
    expect(keywords).toHaveLength(20);
    const phrases = keywords.map((k) => k.keyword);
    expect(new Set(phrases).size).toBe(20);
    expect(phrases).toEqual(
      expect.arrayContaining([
        'artisan bakery near me',
        'bakery leeds',
        'sourdough bread leeds',
        'cinnamon buns leeds',
      ]),
    );
    for (const k of keywords) {
      expect(k.keyword).toBe(k.keyword.toLowerCase());
      expect(k.keyword.split(' ').length).toBeLessThanOrEqual(6);
      expect(k.difficulty).toBeGreaterThanOrEqual(0);
      expect(k.difficulty).toBeLessThanOrEqual(100);
      expect(k.volume).toBeGreaterThanOrEqual(0);
      expect(k.cpc).toBeGreaterThanOrEqual(0);
    }
    const recommended = keywords.filter((k) => k.recommended);
    expect(recommended.length).toBeGreaterThanOrEqual(3);
    expect(recommended.length).toBeLessThanOrEqual(5);
    // The same company gets the same figures: a regeneration does not shuffle the numbers.
    expect(await offline.keywords({ company: bakery, count: 20 })).toEqual(keywords);
  });

  it('use "an" before a vowel, the saved keywords first, and fall back for a company that says little', async () => {
    const studio = { name: 'Oak Studio', description: 'We are an illustration studio working with publishers.' };
    const phrases = (await offline.keywords({ company: { ...studio, keywords: ['book covers'] }, count: 30 })).map(
      (k) => k.keyword,
    );
    expect(phrases[0]).toBe('book covers');
    expect(phrases).toContain('how to choose an illustration studio');
    expect(phrases).not.toContain('how to choose a illustration studio');
    const bare = await offline.keywords({ company: { name: 'Acme', locations: ['Bristol'] }, count: 20 });
    expect(bare.length).toBeGreaterThan(0);
    expect(bare.map((k) => k.keyword)).toContain('small business bristol');
  });
});
