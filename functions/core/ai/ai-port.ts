/**
 * The AI port: everything the product asks a language or image model for. Two adapters stand
 * behind it (OpenAI or any OpenAI-compatible server, and the offline generator); callers map
 * their stored entities to `AiCompanyContext` and never see which adapter answered.
 */
import type { BlogPlatform, SocialPlatform } from '@shared/platform-rules';

/** The goal values of spec 01 §3, as stored on the company. */
export type AiGoal = 'LAUNCHING_BUSINESS' | 'CUSTOMER_INCREASE' | 'MAINTAIN_BUSINESS' | 'BOTH_MAINTAIN';

/** What the generators know about a company. Every field but the name may be empty. */
export interface AiCompanyContext {
  name: string;
  description?: string | null;
  website?: string | null;
  /** Who the customers are, in the owner's words. */
  customers?: string | null;
  /** One of the AiGoal values; any other text (older records) counts as no goal. */
  goal?: string | null;
  /** Why the business exists: its mission in the owner's words. */
  why?: string | null;
  tone?: string | null;
  voice?: string | null;
  locations?: string[] | null;
  /** Approved ideal customer profiles, markdown. */
  icps?: string[] | null;
  /** The marketing plan, markdown. */
  plan?: string | null;
  keywords?: string[] | null;
  currentRevenue?: number | null;
  /** Monthly marketing budget in USD. */
  suggestedBudget?: number | null;
}

/** Text the caller extracted from the company's website (the safe fetcher's job, not ours). */
export interface SiteExtract {
  url: string;
  title?: string | null;
  metaDescription?: string | null;
  headings?: string[] | null;
  /** schema.org Organization/LocalBusiness name, when the page declares one. */
  schemaName?: string | null;
  /** schema.org addresses, one line each ("12 High St, Bristol BS1 4DJ, GB"), or localities. */
  schemaAddresses?: string[] | null;
  /** Visible text of the page, one line per block element (a heading is a line of its own), spaces collapsed. */
  text?: string | null;
}

/** What the owner already typed, used where the site says nothing. */
export interface OverviewHints {
  name?: string | null;
  locations?: string[] | null;
}

/** The generated company overview of spec 01 §3. */
export interface CompanyOverview {
  name: string;
  description: string;
  locations: string[];
  tone: string;
  voice: string;
}

export { type BlogPlatform, type SocialPlatform } from '@shared/platform-rules';

export interface PostsRequest {
  company: AiCompanyContext;
  platform: SocialPlatform;
  count: number;
  /** The planned publication date of each post (ISO), when known: seasonal and weekday hooks. */
  dates?: string[];
  instructions?: string | null;
  exclusions?: string | null;
  keywords?: string[] | null;
}

export interface GeneratedPost {
  content: string;
}

export interface BlogPostsRequest extends Omit<PostsRequest, 'platform'> {
  platform: BlogPlatform;
}

export interface GeneratedBlogPost {
  /** 80–300 characters (spec 01 §5). */
  title: string;
  /** Markdown. */
  content: string;
}

export interface MarketingPlanRequest {
  company: AiCompanyContext;
  /** The first month of the plan; defaults to the month after today. */
  startDate?: string;
}

export interface ReviewToReply {
  reviewerName?: string | null;
  /** 0 (no rating) to 5. */
  starRating: number;
  comment?: string | null;
  /**
   * The business listing the review is on, when known: its own name and place ("Sandbox Bakery
   * Soho", "London"), which a company with several listings does not share with all of them.
   */
  listing?: ReviewListing | null;
}

interface ReviewListing {
  title?: string | null;
  /** The listing's town or city, or the first place of its service area. */
  place?: string | null;
}

export const IMAGE_STYLES = ['AUTO', 'GENERAL', 'REALISTIC', 'DESIGN', 'RENDER_3D', 'ANIME'] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];

export interface ImageRequest {
  prompt: string;
  style: ImageStyle;
  width?: number;
  height?: number;
}

export interface GeneratedImage {
  png: Buffer;
  width: number;
  height: number;
}

export interface KeywordsRequest {
  company: AiCompanyContext;
  /** How many to suggest. */
  count: number;
}

/**
 * A keyword worth ranking for, with the model's estimates: monthly searches, difficulty 0–100,
 * cost per click in US dollars; `recommended` for the few to start with.
 */
export interface SuggestedKeyword {
  keyword: string;
  volume: number;
  difficulty: number;
  cpc: number;
  recommended: boolean;
}

export interface AiPort {
  /** Which adapter answers: shown to operators, never needed by callers. */
  readonly kind: 'openai' | 'offline';
  companyOverview(site: SiteExtract, hints?: OverviewHints): Promise<CompanyOverview>;
  /** Exactly two profiles, markdown. */
  idealCustomers(company: AiCompanyContext): Promise<[string, string]>;
  /** Twelve months, markdown. */
  marketingPlan(request: MarketingPlanRequest): Promise<string>;
  /** `count` posts, each within the platform's length rule, no two alike. */
  posts(request: PostsRequest): Promise<GeneratedPost[]>;
  blogPosts(request: BlogPostsRequest): Promise<GeneratedBlogPost[]>;
  reviewReply(company: AiCompanyContext, review: ReviewToReply): Promise<string>;
  /** `count` distinct search phrases for the company's website (spec 02 §1 "SEO keywords"). */
  keywords(request: KeywordsRequest): Promise<SuggestedKeyword[]>;
  image(request: ImageRequest): Promise<GeneratedImage>;
}
