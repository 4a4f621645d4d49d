/**
 * JSON-LD as search engines read it: a block that does not parse is lost whole, and an item of
 * a rich-result type without the properties Google's structured data documentation marks
 * required cannot show as one. Only the common types are listed; others are checked for syntax.
 */
const REQUIRED: Record<string, readonly (string | readonly string[])[]> = {
  Product: ['name', ['offers', 'review', 'aggregateRating']],
  Offer: [['price', 'priceSpecification']],
  Event: ['name', 'startDate', 'location'],
  Recipe: ['name', 'image'],
  JobPosting: ['title', 'description', 'datePosted', 'hiringOrganization'],
  BreadcrumbList: ['itemListElement'],
  FAQPage: ['mainEntity'],
  Review: ['itemReviewed', 'reviewRating', 'author'],
  AggregateRating: ['ratingValue', ['ratingCount', 'reviewCount']],
  LocalBusiness: ['name', 'address'],
  VideoObject: ['name', 'thumbnailUrl', 'uploadDate'],
  Course: ['name', 'description'],
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const present = (item: Record<string, Json>, property: string) => {
  const value = item[property];
  return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
};

/** Walks every item of a JSON-LD document (arrays, @graph, nested values) and lists what its type lacks. */
function missingIn(value: Json, missing: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) missingIn(item, missing);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const types = Array.isArray(value['@type']) ? value['@type'] : [value['@type']];
  for (const type of types) {
    if (typeof type !== 'string') continue;
    for (const rule of REQUIRED[type.replace(/^.*[/:]/, '')] ?? []) {
      const options = typeof rule === 'string' ? [rule] : rule;
      if (!options.some((property) => present(value, property))) missing.push(`${type}: ${options.join(' or ')}`);
    }
  }
  for (const [key, nested] of Object.entries(value)) if (key !== '@context') missingIn(nested, missing);
}

export function checkStructuredData(blocks: readonly string[]): {
  blocks: number;
  invalid: boolean;
  missing: string[];
} {
  let invalid = false;
  const missing: string[] = [];
  for (const block of blocks) {
    let parsed: Json;
    try {
      parsed = JSON.parse(block) as Json;
    } catch {
      invalid = true;
      continue;
    }
    missingIn(parsed, missing);
  }
  return { blocks: blocks.length, invalid, missing };
}
