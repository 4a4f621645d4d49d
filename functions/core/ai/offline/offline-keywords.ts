import { SEO_KEYWORD_MAX_LENGTH } from '@shared/schemas/seo-keywords';
import type { AiCompanyContext, KeywordsRequest, SuggestedKeyword } from '../ai-port';
import { companyFacts, type CompanyFacts } from './company-facts';
import { rng } from './seeded';
import { squash, uniq } from './text';

/**
 * What the company is, as people search for it: "artisan bakery", "bakery". A description that
 * starts with its noun phrase ("A family-run artisan bakery baking ...") is read as "We are ...".
 */
function kindsOf(company: AiCompanyContext, facts: CompanyFacts): string[] {
  const kinds = [facts.offerNoun, facts.category];
  const description = company.description?.trim();
  if (!facts.offerNoun && description && /^(a|an)\s/i.test(description)) {
    const again = companyFacts({ ...company, description: `We are ${description}` });
    kinds.push(again.offerNoun, again.category);
  }
  return uniq(kinds.filter((k): k is string => !!k && k !== 'business').map((k) => k.toLowerCase()));
}

const MAKING =
  /\b(?:baking|selling|making|offering|serving|providing|brewing|roasting|cooking|crafting|designing|teaching|repairing|installing|supplying|producing|creating|fixing)\s+([^.;:!?()]+)/i;
const UNTIL = /\s+(?:in|at|on|every|each|for|since|with|from|across|around|near|to|daily|weekly)\b.*$/i;

/** "baking sourdough bread, cinnamon buns and pastries every morning" → the three products. */
function productsOf(description: string | null | undefined): string[] {
  const found = description?.match(MAKING)?.[1]?.replace(UNTIL, '');
  if (!found) return [];
  return uniq(
    found
      .split(/,\s*|\s+(?:and|or|&)\s+/)
      .map((p) =>
        squash(p)
          .toLowerCase()
          .replace(/^(?:the|our|fresh|delicious|great)\s+/, ''),
      )
      .filter((p) => p.length >= 3 && p.split(' ').length <= 3),
  ).slice(0, 4);
}

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** Search phrases people type, built from what the company says it is, where and for whom. */
function phrases(company: AiCompanyContext, facts: CompanyFacts): string[] {
  const kinds = kindsOf(company, facts);
  const places = facts.places.slice(0, 3).map((p) => p.toLowerCase());
  const templates: ((kind: string) => string[])[] = [
    (kind) => [`${kind} near me`],
    (kind) => places.map((place) => `${kind} ${place}`),
    (kind) => places.map((place) => `best ${kind} in ${place}`),
    (kind) => [`local ${kind}`, `${kind} prices`],
    (kind) => (facts.b2b ? [`${kind} for small businesses`, `${kind} services`] : [`${kind} opening hours`]),
    (kind) => [`independent ${kind}`, `${kind} reviews`],
    (kind) => (facts.b2b ? [`${kind} consultation`] : [`${kind} gift vouchers`]),
    (kind) => [`affordable ${kind}`, `how to choose ${withArticle(kind)}`],
  ];
  const products = productsOf(company.description);
  // Template by template across the kinds, so the first suggestions mix "artisan bakery" and "bakery".
  const out: string[] = [...facts.keywords.map((k) => k.toLowerCase())];
  for (const [index, template] of templates.entries()) {
    for (const kind of kinds) out.push(...template(kind));
    // What it sells, where: "sourdough bread leeds", after the first few shapes of the business itself.
    const product = products[index];
    if (product) out.push(places[0] ? `${product} ${places[0]}` : `${product} near me`);
  }
  const audience = facts.audience.toLowerCase();
  const category = kinds.at(-1);
  if (category && !/^(people|customers)\b/.test(audience) && audience.split(' ').length <= 3) {
    out.push(`${category} for ${audience}`);
  }
  if (facts.need) out.push(facts.need.toLowerCase().split(' ').slice(0, 5).join(' '));
  if (!kinds.length) {
    for (const place of places) out.push(`small business ${place}`, `local services ${place}`);
    out.push('local business near me', 'small business services');
  }
  return uniq(
    out
      .map((p) => squash(p).replace(/[.,;:!?]+$/, ''))
      .filter((p) => p.length >= 3 && p.length <= SEO_KEYWORD_MAX_LENGTH && p.split(' ').length <= 6),
  );
}

/**
 * Keyword suggestions without a model: the company's own words in the shapes people search
 * with, and estimates seeded per company and phrase (a regeneration shows the same numbers).
 * Broad phrases are searched more and harder to rank for; long ones less and easier.
 */
export function offlineKeywords(request: KeywordsRequest): SuggestedKeyword[] {
  const facts = companyFacts(request.company);
  const chosen = phrases(request.company, facts).slice(0, Math.max(0, request.count));
  const scored = chosen.map((keyword) => {
    const r = rng(facts.name, 'keyword', keyword);
    const words = keyword.split(' ').length;
    const local =
      /near me|\bin\b|\blocal\b/.test(keyword) || facts.places.some((p) => keyword.includes(p.toLowerCase()));
    const breadth = Math.max(0.15, 1.6 - 0.3 * words) * (keyword.includes('near me') ? 2.5 : 1);
    const volume = Math.round((r.between(80, 2400) * breadth) / 10) * 10;
    const difficulty = Math.min(95, Math.max(3, Math.round(r.between(8, 45) + 12 * (4 - words) - (local ? 10 : 0))));
    const cpc = Math.round(r.between(0.3, 4.5) * (facts.b2b ? 2.2 : 1) * 100) / 100;
    // People ready to buy search near them: local phrases are the ones to start with.
    return {
      keyword,
      volume,
      difficulty,
      cpc,
      recommended: false,
      score: (volume / (difficulty + 15)) * (local ? 1.5 : 1),
    };
  });
  const best = new Set(
    [...scored]
      .sort((a, b) => b.score - a.score)
      .slice(0, Math.min(5, Math.ceil(scored.length / 4)))
      .map((k) => k.keyword),
  );
  return scored.map(({ score: _score, ...k }) => ({ ...k, recommended: best.has(k.keyword) }));
}
