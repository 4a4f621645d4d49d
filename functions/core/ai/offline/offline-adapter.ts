import type { AiPort } from '../ai-port';
import { offlineBlogPosts } from './offline-blogs';
import { offlineIdealCustomers } from './offline-icps';
import { offlineImage } from './offline-image';
import { offlineKeywords } from './offline-keywords';
import { offlineOverview } from './offline-overview';
import { offlineMarketingPlan } from './offline-plan';
import { offlinePosts } from './offline-posts';
import { offlineReviewReply } from './offline-review-reply';

/**
 * The AI port without a model: every answer composed from the company's own fields, deterministic
 * per company and request. It is the product's demo for everyone without an OpenAI key.
 */
export const offlineAdapter: AiPort = {
  kind: 'offline',
  companyOverview: async (site, hints) => offlineOverview(site, hints),
  idealCustomers: async (company) => offlineIdealCustomers(company),
  marketingPlan: async (request) => offlineMarketingPlan(request),
  posts: async (request) => offlinePosts(request),
  blogPosts: async (request) => offlineBlogPosts(request),
  reviewReply: async (company, review) => offlineReviewReply(company, review),
  keywords: async (request) => offlineKeywords(request),
  image: (request) => offlineImage(request),
};
