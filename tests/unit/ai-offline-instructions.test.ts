import { describe, expect, it } from 'vitest';
import type { AiCompanyContext, SocialPlatform } from '../../functions/core/ai/ai-port';
import { POST_MAX_LENGTH, platformLength } from '../../functions/core/ai/content-rules';
import { offlineAdapter as offline } from '../../functions/core/ai/offline/offline-adapter';
import { sampleSiteAnswer } from '../../functions/core/demo/sample-site';
import { extractSite } from '../../functions/core/onboarding/website-extract';

/**
 * The offline generator writes for the company a user onboarded from the sample website, served
 * as the embedded runtime serves it: on a loopback address with a port.
 */
const ORIGIN = 'http://127.0.0.1:43675';

async function sampleCompany(): Promise<AiCompanyContext> {
  const overview = await offline.companyOverview(extractSite(sampleSiteAnswer('/', ORIGIN).body, `${ORIGIN}/`));
  return { ...overview, website: ORIGIN, goal: 'CUSTOMER_INCREASE' };
}

const dates = Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(2026, 5, 1 + i, 9)).toISOString());
const PLATFORMS: SocialPlatform[] = ['instagram', 'facebook', 'threads', 'linkedin'];

/** No loopback or private host, and no host:port, anywhere in what a customer would read. */
const ADDRESS = /127\.0\.0\.1|\blocalhost\b|\b\d{1,3}(?:\.\d{1,3}){3}\b|\b[a-z][\w-]*(?:\.[\w-]+)*:\d{2,5}\b/i;

/** Instructions as users type them, and the words that show each was said. */
const INSTRUCTIONS: { text: string; said: RegExp[] }[] = [
  { text: 'Mention that we are now open on Mondays from 8am.', said: [/open on Mondays from 8am/] },
  { text: 'Please mention our new Sunday opening hours.', said: [/our new Sunday opening hours/] },
  {
    text: 'Invite people to book their celebration cakes a week ahead.',
    said: [/book your celebration cakes a week ahead/i],
  },
  {
    text: "Promote the Christmas stollen, pre-orders open 1 December. Don't mention prices.",
    said: [/the Christmas stollen/, /pre-orders open 1 December/i],
  },
];

describe('the offline generator says the special instructions in every post and article', () => {
  it.each(INSTRUCTIONS)(
    '"$text" is in each of 14 posts on every platform, in its own words',
    async ({ text, said }) => {
      const company = await sampleCompany();
      for (const platform of PLATFORMS) {
        const posts = await offline.posts({ company, platform, count: 14, dates, instructions: text });
        expect(posts).toHaveLength(14);
        for (const [i, post] of posts.entries()) {
          for (const words of said) expect(post.content, `${platform} post ${i + 1}`).toMatch(words);
          // Rephrased, not pasted: the instruction's own wording is not in the copy.
          expect(post.content).not.toContain(text);
          expect(post.content).not.toMatch(/\b(mention that|please mention|invite people to|promote the)\b/i);
        }
      }
    },
  );

  it('a second run with other dates and count, and every blog article, carry them too', async () => {
    const company = await sampleCompany();
    const text = 'Mention that we are now open on Mondays from 8am; encourage readers to order ahead online.';
    const again = await offline.posts({
      company,
      platform: 'facebook',
      count: 5,
      dates: dates.slice(7, 12),
      instructions: text,
    });
    const blogs = await offline.blogPosts({ company, platform: 'wordpress', count: 3, dates, instructions: text });
    for (const content of [...again.map((p) => p.content), ...blogs.map((b) => b.content)]) {
      expect(content).toMatch(/open on Mondays from 8am/);
      expect(content).toMatch(/order ahead online/i);
      expect(content).not.toMatch(/mention that|encourage readers/i);
    }
  });

  it('a long instruction still fits Threads, and each post still names the business', async () => {
    const company = await sampleCompany();
    const instructions =
      'Mention that our new winter opening hours start on 1 December, with late openings until 8pm on Thursdays and Fridays for Christmas orders. Invite people to pre-order their stollen and mince pies online by 15 December.';
    const posts = await offline.posts({ company, platform: 'threads', count: 14, dates, instructions });
    for (const post of posts) {
      expect(platformLength('threads', post.content)).toBeLessThanOrEqual(POST_MAX_LENGTH.threads);
      expect(post.content).toMatch(/late openings until 8pm on Thursdays and Fridays/);
      expect(post.content).toMatch(/pre-order your stollen and mince pies online by 15 December/i);
      expect(post.content).toContain('Harbourside Sourdough');
    }
  });

  it('"don\'t mention ..." inside the instructions is honoured like an exclusion', async () => {
    const company = await sampleCompany();
    const posts = await offline.posts({
      company,
      platform: 'instagram',
      count: 10,
      dates,
      instructions: "Talk about the new rye loaf. Don't mention collection.",
    });
    for (const post of posts) {
      expect(post.content).toMatch(/the new rye loaf/);
      expect(post.content).not.toMatch(/collection/i);
    }
  });
});

describe('the offline generator never writes a loopback address or host:port', () => {
  it('posts, articles, profiles, the plan, the overview and review replies name the business instead', async () => {
    for (const website of [ORIGIN, 'http://localhost:5173/', '10.0.0.7', 'https://harbourside.example:8443']) {
      const company = { ...(await sampleCompany()), website };
      const icps = await offline.idealCustomers(company);
      const texts = [
        ...(
          await Promise.all(
            PLATFORMS.map(async (platform) =>
              (await offline.posts({ company, platform, count: 14, dates })).map((p) => p.content),
            ),
          )
        ).flat(),
        ...(await offline.blogPosts({ company, platform: 'wordpress', count: 3, dates })).flatMap((b) => [
          b.title,
          b.content,
        ]),
        ...icps,
        await offline.marketingPlan({ company: { ...company, icps }, startDate: '2026-06-01' }),
        await offline.reviewReply(company, { reviewerName: 'Ann', starRating: 1, comment: 'Stale bread' }),
        JSON.stringify(await offline.companyOverview({ url: website, title: 'Home' })),
      ];
      for (const text of texts) expect(text, website).not.toMatch(ADDRESS);
      expect(texts.join('\n')).toContain('Harbourside Sourdough');
    }
  });

  it('a public website is still named where the copy sends people to it', async () => {
    const company = { ...(await sampleCompany()), website: 'https://www.harbourside-sourdough.co.uk/' };
    const reply = await offline.reviewReply(company, { reviewerName: 'Ann', starRating: 1, comment: 'Stale bread' });
    expect(reply).toContain('harbourside-sourdough.co.uk');
  });
});

describe('offline keyword suggestions for the sample bakery', () => {
  it('are about twenty distinct searches drawn from its name, what it bakes and where, not a handful of generic ones', async () => {
    const company = await sampleCompany();
    const keywords = (await offline.keywords({ company, count: 20 })).map((k) => k.keyword);
    expect(keywords).toHaveLength(20);
    expect(new Set(keywords).size).toBe(20);
    expect(keywords).toEqual(
      expect.arrayContaining([
        'harbourside sourdough',
        'bakery bristol',
        'bakery near me',
        'cardamom buns bristol',
        'celebration cakes bristol',
      ]),
    );
    const business = /\b(harbourside|sourdough|bakery|bristol|buns?|cakes?|bread|rye|loaves)\b/;
    for (const keyword of keywords) expect(keyword).toMatch(business);
    expect(keywords.filter((k) => /small business|local services|local business/.test(k))).toEqual([]);
    expect(keywords.join(' ')).not.toMatch(/bristol\s*we/);
  });
});
