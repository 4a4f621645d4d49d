import { Parser } from 'htmlparser2';
import type { SiteExtract } from '../ai/ai-port';
import { VisibleText } from '../html/visible-text';

/**
 * What a home page says about its business, read with an HTML parser: the title, the meta (or
 * Open Graph) description, the headings, the schema.org JSON-LD of the organisation (name,
 * addresses, areas served) and the visible text, one line per block element (visible-text.ts:
 * a heading never runs into the paragraph after it). The AI port shapes the overview from it.
 */

/** Enough text to describe a business; the AI prompt needs no more and DynamoDB job items stay small. */
const MAX_TEXT = 20_000;
const MAX_HEADINGS = 30;
const MAX_HEADING_LENGTH = 200;

/** Elements whose text a visitor never reads. */
const HIDDEN = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'head',
  'iframe',
  'object',
  'canvas',
  'select',
  'option',
]);
/** Menus: their links say where to go, not what the business is. */
const NAVIGATION = 'nav';
const HEADINGS = new Set(['h1', 'h2', 'h3']);

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

export function extractSite(html: string, url: string): SiteExtract {
  let title = '';
  let metaDescription = '';
  let ogDescription = '';
  let ogSiteName = '';
  const headings: string[] = [];
  const jsonLd: string[] = [];
  const text = new VisibleText(MAX_TEXT);

  let hiddenDepth = 0;
  let navDepth = 0;
  let inTitle = false;
  let heading: VisibleText | undefined;
  let ldScript: string[] | undefined;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        // A page without </head> still shows its body.
        if (name === 'body') hiddenDepth = 0;
        if (name === 'title' && !title) inTitle = true;
        if (name === 'meta') {
          const key = (attributes.name ?? attributes.property ?? '').toLowerCase();
          const content = squash(attributes.content ?? '');
          if (key === 'description' && !metaDescription) metaDescription = content;
          if (key === 'og:description' && !ogDescription) ogDescription = content;
          if (key === 'og:site_name' && !ogSiteName) ogSiteName = content;
        }
        if (name === 'script' && (attributes.type ?? '').toLowerCase().trim() === 'application/ld+json') ldScript = [];
        if (HIDDEN.has(name)) hiddenDepth++;
        if (name === NAVIGATION) navDepth++;
        if (HEADINGS.has(name) && !hiddenDepth) heading = new VisibleText();
        heading?.tag(name);
        text.tag(name);
      },
      ontext(data) {
        if (inTitle) title += data;
        if (ldScript) ldScript.push(data);
        if (hiddenDepth) return;
        heading?.add(data);
        if (!navDepth) text.add(data);
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'script' && ldScript) {
          jsonLd.push(ldScript.join(''));
          ldScript = undefined;
        }
        if (HIDDEN.has(name) && hiddenDepth) hiddenDepth--;
        if (name === NAVIGATION && navDepth) navDepth--;
        heading?.tag(name);
        text.tag(name);
        if (HEADINGS.has(name) && heading) {
          const value = heading.inline().slice(0, MAX_HEADING_LENGTH);
          if (value && headings.length < MAX_HEADINGS && !headings.includes(value)) headings.push(value);
          heading = undefined;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const organisation = findOrganisation(jsonLd);
  const visible = text
    .lines()
    // Lines that are one or two words (menu items, buttons) say nothing about the business.
    .filter((line) => line.split(' ').length > 2 || /[.!?]$/.test(line))
    .join('\n')
    .slice(0, MAX_TEXT);

  return {
    url,
    title: squash(title) || null,
    metaDescription: metaDescription || ogDescription || null,
    headings,
    schemaName: organisation.name ?? (ogSiteName || null),
    schemaAddresses: organisation.addresses,
    text: visible || null,
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Node = { [key: string]: Json };

/** schema.org types that describe the business itself (LocalBusiness's many subtypes are caught by their fields). */
const ORGANISATION_TYPES =
  /^(Organization|LocalBusiness|Corporation|OnlineBusiness|OnlineStore|Store|Restaurant|ProfessionalService|NGO)$/;
/** Types that are about something else on the page, even with a name and an address. */
const OTHER_TYPES =
  /^(WebSite|WebPage|BreadcrumbList|ListItem|Person|Product|Offer|AggregateOffer|Event|Article|BlogPosting|NewsArticle|ImageObject|VideoObject|PostalAddress|GeoCoordinates|SearchAction|FAQPage|Question|Answer|Review|Rating|AggregateRating)$/;

const typesOf = (node: Node): string[] => {
  const type = node['@type'];
  return (Array.isArray(type) ? type : [type])
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^.*[/#]/, ''));
};
const textOf = (value: Json | undefined): string =>
  typeof value === 'string' ? squash(value) : typeof value === 'number' ? String(value) : '';
const nameOf = (value: Json | undefined): string =>
  value && typeof value === 'object' && !Array.isArray(value) ? textOf(value.name) : textOf(value);
const listOf = (value: Json | undefined): Json[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

function nodesIn(value: Json, out: Node[] = [], depth = 0): Node[] {
  if (depth > 8 || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    for (const item of value) nodesIn(item, out, depth + 1);
    return out;
  }
  if ('@type' in value) out.push(value);
  for (const key of ['@graph', 'mainEntity', 'publisher', 'provider', 'brand', 'author', 'about']) {
    if (key in value) nodesIn(value[key] as Json, out, depth + 1);
  }
  return out;
}

/** "12 High St, Bristol BS1 4DJ, GB" from a PostalAddress, or the text of a plain address. */
function addressLine(value: Json): string {
  if (typeof value === 'string') return squash(value);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const street = textOf(value.streetAddress);
  const locality = [textOf(value.addressLocality), textOf(value.postalCode)].filter(Boolean).join(' ');
  const region = textOf(value.addressRegion);
  const country = nameOf(value.addressCountry);
  return [street, locality, region && region !== textOf(value.addressLocality) ? region : '', country]
    .filter(Boolean)
    .join(', ');
}

function findOrganisation(scripts: string[]): { name?: string; addresses: string[] } {
  const nodes: Node[] = [];
  for (const script of scripts) {
    try {
      // Some sites wrap JSON-LD in CDATA or HTML comments.
      nodesIn(JSON.parse(script.replace(/^\s*(<!\[CDATA\[|<!--)|(\]\]>|-->)\s*$/g, '')) as Json, nodes);
    } catch {
      // Broken JSON-LD is common and says nothing we can use.
    }
  }
  const candidates = nodes.filter((node) => {
    const types = typesOf(node);
    if (types.some((t) => ORGANISATION_TYPES.test(t))) return true;
    if (!types.length || types.every((t) => OTHER_TYPES.test(t))) return false;
    return Boolean(
      nameOf(node.name) && (node.address || node.areaServed || node.openingHours || node.telephone || node.geo),
    );
  });
  // A node with an address (a LocalBusiness) says more than a bare Organization.
  const best = candidates.find((n) => n.address) ?? candidates[0];
  if (!best) return { addresses: [] };
  const addresses = [
    ...listOf(best.address).map(addressLine),
    ...listOf(best.location).map((place) =>
      place && typeof place === 'object' && !Array.isArray(place)
        ? addressLine(place.address ?? null) || nameOf(place)
        : textOf(place),
    ),
    ...listOf(best.areaServed).map(nameOf),
  ].filter(Boolean);
  return { name: nameOf(best.name) || undefined, addresses: [...new Set(addresses)].slice(0, 10) };
}
