import type {
  KeywordsRequest,
  AiCompanyContext,
  BlogPostsRequest,
  ImageStyle,
  MarketingPlanRequest,
  OverviewHints,
  PostsRequest,
  ReviewToReply,
  SiteExtract,
} from './ai-port';
import {
  BLOG_TITLE_MAX,
  BLOG_TITLE_MIN,
  goalLabel,
  ICP_COUNT,
  planMonths,
  PLAN_MONTHS,
  POST_MAX_LENGTH,
  POST_MIN_LENGTH,
} from './content-rules';

/** The messages sent to a chat model for each generation; the reply shape is fixed by the JSON schema. */
export interface ChatPrompt {
  system: string;
  user: string;
}

const SYSTEM =
  "You are a senior marketer who writes for small businesses. You write in the company's own tone and " +
  'voice, use concrete details from the brief, never invent prices, awards, statistics or testimonials, ' +
  'and never use placeholder text. Answer only with JSON matching the given schema.';

const clip = (text: string | null | undefined, max: number) => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, max);
/** As `clip`, keeping one line per line: a page's heading and the paragraph under it stay apart. */
const clipLines = (text: string | null | undefined, max: number) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
    .slice(0, max);

/** The company as the model reads it; empty fields are left out rather than sent as blanks. */
function companyBrief(company: AiCompanyContext): string {
  const lines: [string, string | undefined][] = [
    ['Company', company.name],
    ['Website', company.website ?? undefined],
    ['What it does', clip(company.description, 4000)],
    ['Customers', clip(company.customers, 2000)],
    ['Why it exists', clip(company.why, 2000)],
    ['Goal', company.goal ? goalLabel(company.goal) : undefined],
    ['Tone', clip(company.tone, 500)],
    ['Voice', clip(company.voice, 500)],
    ['Locations', company.locations?.length ? company.locations.join('; ') : undefined],
    ['Keywords', company.keywords?.length ? company.keywords.join(', ') : undefined],
    ['Current yearly revenue (USD)', company.currentRevenue != null ? String(company.currentRevenue) : undefined],
    ['Monthly marketing budget (USD)', company.suggestedBudget != null ? String(company.suggestedBudget) : undefined],
  ];
  const text = lines
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  const icps = company.icps?.length
    ? `\n\nIdeal customer profiles:\n${company.icps.map((p) => clip(p, 3000)).join('\n---\n')}`
    : '';
  const plan = company.plan ? `\n\nMarketing plan (summary):\n${clip(company.plan, 3000)}` : '';
  return text + icps + plan;
}

export function overviewPrompt(site: SiteExtract, hints?: OverviewHints): ChatPrompt {
  const page = [
    `URL: ${site.url}`,
    site.title && `Title: ${clip(site.title, 300)}`,
    site.metaDescription && `Meta description: ${clip(site.metaDescription, 1000)}`,
    site.schemaName && `schema.org name: ${site.schemaName}`,
    site.schemaAddresses?.length && `schema.org addresses: ${site.schemaAddresses.join('; ')}`,
    site.headings?.length &&
      `Headings: ${site.headings
        .slice(0, 40)
        .map((h) => clip(h, 200))
        .join(' | ')}`,
    site.text && `Visible text, one line per block of the page:\n${clipLines(site.text, 12000)}`,
    hints?.name && `The owner calls the company: ${hints.name}`,
    hints?.locations?.length && `The owner lists locations: ${hints.locations.join('; ')}`,
  ].filter(Boolean);
  return {
    system: SYSTEM,
    user:
      'Write the business overview of this company from its website.\n' +
      '- name: the business name as customers know it.\n' +
      '- description: 2–4 sentences (at least 80 characters) on what it offers, to whom, and what sets it apart.\n' +
      '- locations: the towns, cities or regions it serves (empty list when the site names none).\n' +
      '- tone: a few words describing the tone of its marketing (e.g. "Warm, reassuring and practical").\n' +
      '- voice: one sentence on how it speaks (person, formality, vocabulary).\n\n' +
      page.join('\n'),
  };
}

export function idealCustomersPrompt(company: AiCompanyContext): ChatPrompt {
  return {
    system: SYSTEM,
    user:
      `Write exactly ${ICP_COUNT} distinct ideal customer profiles for this company, each as markdown: a "# " heading ` +
      'naming the persona, then sections "## Summary", "## Demographics", "## Goals", "## Pain points", ' +
      '"## Where they spend time", "## What makes them buy", "## How we help". Ground every section in the brief.\n\n' +
      companyBrief(company),
  };
}

export function marketingPlanPrompt(request: MarketingPlanRequest): ChatPrompt {
  const months = planMonths(request.startDate).map((m) => m.label);
  return {
    system: SYSTEM,
    user:
      `Write a ${PLAN_MONTHS}-month marketing plan in markdown for this company, from ${months[0]} to ${months.at(-1)}. ` +
      'Start with "## Summary", "## Objectives and KPIs", "## Budget" (split the monthly budget across channels ' +
      'as a table; with no budget, an organic plan) and "## Channels". Then one "### Month N – <Month YYYY>: <theme>" ' +
      'section per month with focus, channels, three key actions and a KPI target. End with "## Measuring success".\n\n' +
      companyBrief(request.company),
  };
}

const postRequestDetails = (request: PostsRequest | BlogPostsRequest) =>
  [
    request.dates?.length &&
      `Planned dates, one per item in order: ${request.dates.map((d) => d.slice(0, 10)).join(', ')}`,
    request.keywords?.length && `Work in these keywords where natural: ${request.keywords.join(', ')}`,
    request.instructions?.trim() && `Special instructions: ${clip(request.instructions, 2000)}`,
    request.exclusions?.trim() && `Do not mention or include: ${clip(request.exclusions, 2000)}`,
  ]
    .filter(Boolean)
    .join('\n');

export function postsPrompt(request: PostsRequest): ChatPrompt {
  const max = Math.min(POST_MAX_LENGTH[request.platform], 1500);
  return {
    system: SYSTEM,
    user:
      `Write ${request.count} different ${request.platform} posts for this company. Each post: a hook, a concrete ` +
      `benefit, a reason to believe from the brief, a call to action and a few relevant hashtags; between ` +
      `${POST_MIN_LENGTH} and ${request.platform === 'threads' ? 450 : max} characters. No two posts may share ` +
      'an opening or an angle.\n' +
      `${postRequestDetails(request)}\n\n${companyBrief(request.company)}`,
  };
}

export function blogPostsPrompt(request: BlogPostsRequest): ChatPrompt {
  return {
    system: SYSTEM,
    user:
      `Write ${request.count} different blog posts for this company's blog. Each: a title of ${BLOG_TITLE_MIN} to ` +
      `${BLOG_TITLE_MAX} characters (count them: a short title is rejected), and markdown content of 700–1200 words ` +
      'with "## " section headings, practical advice for the customers in the brief and a closing call to action. ' +
      'Do not repeat the title as a heading.\n' +
      `${postRequestDetails(request)}\n\n${companyBrief(request.company)}`,
  };
}

export function reviewReplyPrompt(company: AiCompanyContext, review: ReviewToReply): ChatPrompt {
  return {
    system: SYSTEM,
    user:
      'Write the public reply of the business to this customer review: thank them by first name when known, ' +
      'answer what they actually said, apologise and offer to put things right (inviting them to get in touch) ' +
      'when the review is negative, 2–5 sentences, no invented facts, signed as the team.\n' +
      `Reviewer: ${review.reviewerName ?? 'anonymous'}\nStars: ${review.starRating || 'none'} of 5\n` +
      `Comment: ${clip(review.comment, 4000) || '(no comment)'}\n` +
      (review.listing
        ? `The review is on the listing "${clip(review.listing.title, 200) || company.name}"` +
          `${review.listing.place ? ` in ${clip(review.listing.place, 300)}` : ''}: reply as that listing, and name ` +
          'no other of the company’s places.\n'
        : '') +
      `\n${companyBrief(company)}`,
  };
}

export function keywordsPrompt(request: KeywordsRequest): ChatPrompt {
  return {
    system: SYSTEM,
    user:
      `Suggest ${request.count} distinct search keywords (2–5 words each, lowercase, as people type them into ` +
      'Google) that this company website could rank for and that would bring it customers: services, products, ' +
      '"near me" and place-name searches where the business is local, problems customers search for. For each, ' +
      'estimate the monthly search volume, a ranking difficulty from 0 (easy) to 100 (hard) and the cost per ' +
      'click in US dollars, and mark as recommended the 3–6 with the best balance of intent, volume and ease. ' +
      'Leave out the company name and its competitors.\n\n' +
      companyBrief(request.company),
  };
}

/** How each style of spec 01 §3 is asked of an image model; AUTO leaves the choice to the model. */
const STYLE_PROMPTS: Record<ImageStyle, string> = {
  AUTO: '',
  GENERAL: 'Balanced, polished illustration suitable for social media.',
  REALISTIC: 'Photorealistic photograph, natural light, shallow depth of field.',
  DESIGN: 'Flat graphic design poster, bold geometric shapes, strong typography, limited palette.',
  RENDER_3D: '3D render, soft studio lighting, glossy materials, subtle shadows.',
  ANIME: 'Anime illustration, clean bold outlines, cel shading, vivid colours.',
};

export function imagePrompt(prompt: string, style: ImageStyle): string {
  return [clip(prompt, 3500), STYLE_PROMPTS[style]].filter(Boolean).join('\n');
}
