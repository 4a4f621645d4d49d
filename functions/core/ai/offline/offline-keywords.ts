import { SEO_KEYWORD_MAX_LENGTH } from '@shared/schemas/seo-keywords';
import type { AiCompanyContext, KeywordsRequest, SuggestedKeyword } from '../ai-port';
import { companyFacts, type CompanyFacts } from './company-facts';
import { rng } from './seeded';
import { sentences, squash, uniq } from './text';

/** Business nouns people search for, as a description or name may use them. */
const KINDS =
  /\b(bakery|patisserie|caf[eé]|coffee shop|coffee roaster[sy]?|tea room|restaurant|bistro|pizzeria|takeaway|deli(?:catessen)?|butcher'?s?|greengrocer|brewery|distillery|wine bar|bar|pub|hotel|guest ?house|b&b|bed and breakfast|hair salon|salon|barber(?:s|shop)?|beauty salon|nail salon|spa|florist|gym|yoga studio|pilates studio|dance school|music school|driving school|nursery|dentist|dental practice|clinic|physiotherapist|osteopath|vet(?:erinary practice)?|optician|pharmacy|accountants?|accounting firm|solicitors?|law firm|estate agents?|letting agent|architects?|plumbers?|electricians?|builders?|roofers?|decorators?|landscapers?|gardeners?|cleaners?|cleaning company|removals company|garage|bike shop|bookshop|gift shop|boutique|jewell?er|tailor|photographer|videographer|web designer|design studio|marketing agency|agency|studio|shop|store)\b/gi;

/** What a business that does this is called: "bakes" → "bakery". */
const DOING: [RegExp, string][] = [
  [/\bbak(?:e|es|ed|ing)\b/i, 'bakery'],
  [/\bbrew(?:s|ed|ing)? (?:beer|ale|cider)/i, 'brewery'],
  [/\broast(?:s|ed|ing)? (?:coffee|beans)/i, 'coffee roaster'],
  [/\bcut(?:s|ting)? hair|\bhairdress/i, 'hair salon'],
  [/\b(?:repair|fix|service)(?:s|es|ed|ing)? (?:bikes?|bicycles?)|\bbike repairs?/i, 'bike repair shop'],
  [/\bplumbing\b/i, 'plumber'],
  [/\bbookkeeping|\btax returns?\b/i, 'accountant'],
  [/\b(?:arrange|arranges|arranging) flowers|\bbouquets?\b/i, 'florist'],
];

/**
 * What the company is, as people search for it: "artisan bakery", "bakery". A description that
 * starts with its noun phrase ("A family-run artisan bakery baking ...") is read as "We are ...";
 * one that names no noun ("Harbourside Sourdough bakes ...") is read for the business nouns it
 * uses and what it does.
 */
function kindsOf(company: AiCompanyContext, facts: CompanyFacts): string[] {
  const kinds = [facts.offerNoun, facts.category];
  const description = company.description?.trim();
  if (!facts.offerNoun && description && /^(a|an)\s/i.test(description)) {
    const again = companyFacts({ ...company, description: `We are ${description}` });
    kinds.push(again.offerNoun, again.category);
  }
  const known = kinds.filter((k): k is string => !!k && k !== 'business');
  if (!known.length) {
    const text = `${company.name} ${description ?? ''}`;
    known.push(...[...text.matchAll(KINDS)].map((m) => (m[1] ?? '').toLowerCase().replace(/^cafe$/, 'café')));
    for (const [doing, kind] of DOING) if (doing.test(text)) known.push(kind);
  }
  return uniq(known.map((k) => k.toLowerCase())).slice(0, 3);
}

const MAKING =
  /\b(?:bak(?:e|es|ing)|sell(?:s|ing)?|mak(?:e|es|ing)|offer(?:s|ing)?|serv(?:e|es|ing)|provid(?:e|es|ing)|brew(?:s|ing)?|roast(?:s|ing)?|cook(?:s|ing)?|craft(?:s|ing)?|design(?:s|ing)?|teach(?:es|ing)?|repair(?:s|ing)?|install(?:s|ing)?|suppl(?:y|ies|ying)|produc(?:e|es|ing)|creat(?:e|es|ing)|fix(?:es|ing)?|handle(?:s)?|handling|specialis(?:e|es|ing) in|specializ(?:e|es|ing) in)\s+([^.;:!?()]+)/gi;
const UNTIL =
  /\s+(?:in|at|on|every|each|for|since|with|from|across|around|near|to|daily|weekly|so|while|that|which|who|the same day|same day)\b.*$/i;
/** Customers who are businesses: their searches are for services and consultations, not opening hours. */
const FOR_BUSINESSES =
  /\b(?:clients|businesses|companies|firms|freelancers|agencies|organi[sz]ations|b2b|smes?|start-?ups?)\b/i;
/** Words that follow "serving"/"making" but are not what is sold. */
const NOT_PRODUCTS =
  /\b(customers?|clients?|people|families|everyone|community|neighbours|businesses|sure|it|them|you|us|time|sense|things|way|difference|life|lives)\b/i;
/** Words nobody types before a product ("slow-fermented sourdough" is searched as "sourdough"). */
const PLAIN_ADJECTIVES =
  /^(?:the|our|your|fresh|delicious|great|lovely|tasty|beautiful|quality|high-quality|amazing|wonderful|real|proper|[a-z]+-[a-z]+ed)\s+(?=\S)/;

/** "bakes sourdough bread, cinnamon buns and pastries every morning" → the three products, from every sentence. */
function productsOf(description: string | null | undefined): string[] {
  const found: string[] = [];
  for (const sentence of sentences(description)) {
    for (const m of sentence.matchAll(MAKING)) {
      const list = (m[1] ?? '').replace(UNTIL, '');
      found.push(
        ...list
          .split(/,\s*|\s+(?:and|or|&)\s+/)
          .map((p) => squash(p).toLowerCase().replace(PLAIN_ADJECTIVES, '').replace(PLAIN_ADJECTIVES, ''))
          .filter((p) => p.length >= 3 && p.split(' ').length <= 3 && !NOT_PRODUCTS.test(p)),
      );
    }
  }
  return uniq(found).slice(0, 8);
}

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/**
 * Search phrases people type, built from what the company is, sells, where and for whom, and
 * its name (people search a business they have heard of): about twenty for a company that
 * describes itself in a sentence or two.
 */
function phrases(company: AiCompanyContext, facts: CompanyFacts): string[] {
  const kinds = kindsOf(company, facts);
  const places = facts.places.slice(0, 3).map((p) => p.toLowerCase());
  const place = places[0];
  const b2b = facts.b2b || FOR_BUSINESSES.test(company.description ?? '');
  const templates: ((kind: string) => string[])[] = [
    (kind) => [`${kind} near me`],
    (kind) => places.map((p) => `${kind} ${p}`),
    (kind) => places.map((p) => `best ${kind} in ${p}`),
    (kind) => [`local ${kind}`, `${kind} prices`],
    (kind) => (b2b ? [`${kind} for small businesses`, `${kind} services`] : [`${kind} opening hours`]),
    (kind) => [`independent ${kind}`, `${kind} reviews`],
    (kind) => (b2b ? [`${kind} consultation`] : [`${kind} gift vouchers`]),
    (kind) => [`affordable ${kind}`, `how to choose ${withArticle(kind)}`],
  ];
  const products = productsOf(company.description);
  const name = squash(company.name).toLowerCase().replace(/['’]/g, '');
  // Template by template across the kinds, so the first suggestions mix "artisan bakery" and "bakery".
  const out: string[] = [...facts.keywords.map((k) => k.toLowerCase())];
  for (const [index, template] of templates.entries()) {
    for (const kind of kinds) out.push(...template(kind));
    // What it sells, where: "sourdough bread leeds", after the first few shapes of the business itself.
    const product = products[index];
    if (product) out.push(place ? `${product} ${place}` : `${product} near me`);
    if (index === 1 && name) out.push(place && !name.includes(place) ? `${name} ${place}` : name);
  }
  for (const product of products.slice(templates.length))
    out.push(place ? `${product} ${place}` : `${product} near me`);
  const audience = facts.audience.toLowerCase();
  const category = kinds.at(-1);
  if (category && !/^(people|customers)\b/.test(audience) && audience.split(' ').length <= 3) {
    out.push(`${category} for ${audience}`);
  }
  if (facts.need) out.push(facts.need.toLowerCase().split(' ').slice(0, 5).join(' '));
  if (name) out.push(name, `${name} reviews`);
  for (const product of products) out.push(`${product} near me`, ...(place ? [`best ${product} in ${place}`] : []));
  for (const p of places.slice(1)) if (products[0]) out.push(`${products[0]} ${p}`);
  if (!kinds.length) {
    for (const p of places) out.push(`small business ${p}`, `local services ${p}`);
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
