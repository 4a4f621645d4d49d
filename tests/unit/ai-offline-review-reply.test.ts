import { describe, expect, it } from 'vitest';
import type { AiCompanyContext } from '../../functions/core/ai/ai-port';
import { offlineAdapter as offline } from '../../functions/core/ai/offline/offline-adapter';
import { reviewReplyPrompt } from '../../functions/core/ai/prompts';

/** A company whose website and first location are in Bristol, replying on a listing of its London shop. */
const company: AiCompanyContext = {
  name: 'Harbourside Sourdough',
  description:
    'Harbourside Sourdough bakes slow-fermented sourdough, cardamom buns and celebration cakes every morning.',
  locations: ['14 Quay Street, Bristol BS1 4DB, GB'],
  website: 'https://harbourside-sourdough.example',
};

describe('offline review replies speak for the listing the review is on', () => {
  it("a London listing's reply names London and the listing, never the company's Bristol", async () => {
    const listing = { title: 'Harbourside Sourdough Soho', place: 'London' };
    for (const starRating of [5, 4, 3, 2, 1, 0]) {
      for (const reviewerName of ['Tom Smith', 'Ann Lee', 'Bo', null]) {
        const reply = await offline.reviewReply(company, {
          reviewerName,
          starRating,
          comment: starRating >= 4 ? 'Lovely staff and fresh bread' : 'Slow service',
          listing,
        });
        expect(reply).not.toMatch(/Bristol/);
        expect(reply).toMatch(/The Harbourside Sourdough Soho team$/);
        if (starRating >= 4) expect(reply).toMatch(/\bin London\b/);
      }
    }
  });

  it("a listing without a place names no place; without a listing the company's own place is used", async () => {
    const review = { reviewerName: 'Tom', starRating: 5, comment: 'Great buns' };
    for (let n = 0; n < 5; n++) {
      const unplaced = await offline.reviewReply(company, {
        ...review,
        reviewerName: `Tom ${n}`,
        listing: { title: 'Harbourside Sourdough Camden', place: null },
      });
      expect(unplaced).not.toMatch(/Bristol/);
    }
    expect(await offline.reviewReply(company, review)).toMatch(/in Bristol/);
  });
});

describe('the model is told the listing too', () => {
  it('the review reply prompt names the listing and its place and asks for no other', () => {
    const prompt = reviewReplyPrompt(company, {
      reviewerName: 'Tom',
      starRating: 5,
      comment: 'Great buns',
      listing: { title: 'Harbourside Sourdough Soho', place: 'London' },
    });
    expect(prompt.user).toContain('"Harbourside Sourdough Soho" in London: reply as that listing');
  });
});
