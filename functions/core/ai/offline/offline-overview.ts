import type { CompanyOverview, OverviewHints, SiteExtract } from '../ai-port';
import { publicSite, shortPlace } from './company-facts';
import { capitalize, clipWords, endWithPeriod, sentences, squash, uniq } from './text';

/**
 * The company overview from what the website says about itself: the name from schema.org, the
 * title or the host; the description from the meta description and the page's own sentences; the
 * locations from schema.org addresses, then place names the text puts after "in", "serving",
 * "based in"; the tone and voice from how the text is written.
 */
const GENERIC_TITLE = /^(home|homepage|welcome|index|official site|official website|main page)$/i;

function nameFrom(site: SiteExtract, hints?: OverviewHints): string {
  if (squash(site.schemaName)) return squash(site.schemaName);
  const parts = squash(site.title)
    .split(/\s+[|–—·:-]\s+/)
    .map((p) => p.trim())
    .filter((p) => p && !GENERIC_TITLE.test(p));
  // "Rosa's Bakery | Sourdough in Bristol": the shortest part is usually the brand.
  const brand = [...parts].sort((a, b) => a.length - b.length)[0];
  if (brand && brand.length <= 60) return brand;
  if (squash(hints?.name)) return squash(hints?.name);
  // "rosas-bakery.co.uk" → "Rosas Bakery"; a loopback or bare IP address names nothing.
  const host = publicSite(site.url)?.split(/[./]/)[0] ?? '';
  return host ? host.split(/[-_]/).map(capitalize).join(' ') : 'Our company';
}

/** Spaces within a line: a place name never runs over a line break into the next block's first word. */
const SP = '[^\\S\\n]';
const PLACE = `[A-Z][\\p{L}'’-]+(?:${SP}+(?:upon|on|under|de|la|le|[A-Z][\\p{L}'’-]+)){0,3}`;
/** "in Leeds", "across Leeds and Harrogate", "serving York, Selby & Leeds". */
const PLACE_AFTER = new RegExp(
  `\\b(?:in|serving|based in|located in|across|throughout|around|near)${SP}+(${PLACE}(?:${SP}*(?:,|and|&)${SP}*${PLACE})*)`,
  'gu',
);
const NOT_PLACES =
  /^(The|Our|We|You|Your|This|That|Business|Our Team|January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|English|Google|Facebook|Instagram)$/;

function locationsFrom(site: SiteExtract, name: string, hints?: OverviewHints): string[] {
  const fromSchema = (site.schemaAddresses ?? []).map((a) => shortPlace(a)).filter(Boolean);
  // One line per source and per block of the page: what a line says ends with it.
  const text = [site.metaDescription, site.title, ...(site.headings ?? []), site.text].filter(Boolean).join('\n');
  const counts = new Map<string, number>();
  for (const m of text.matchAll(PLACE_AFTER)) {
    for (const found of (m[1] ?? '').split(/\s*(?:,|\band\b|&)\s*/)) {
      const place = found.trim();
      if (!place || NOT_PLACES.test(place) || name.includes(place)) continue;
      counts.set(place, (counts.get(place) ?? 0) + 1);
    }
  }
  const fromText = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([p]) => p);
  return uniq([...fromSchema, ...fromText, ...(hints?.locations ?? [])]).slice(0, 5);
}

function describeStyle(text: string): { tone: string; voice: string } {
  const words = text.split(/\s+/).length || 1;
  const per1000 = (re: RegExp) => ((text.match(re) ?? []).length * 1000) / words;
  const we = per1000(/\b(we|our|us)\b/gi);
  const i = per1000(/\b(I|my|me)\b/g);
  const you = per1000(/\b(you|your)\b/gi);
  const exclaim = per1000(/!/g);
  const formal = per1000(
    /\b(solutions?|services|professional|clients|expertise|comprehensive|ensure|provide|industry|compliance|quality)\b/gi,
  );
  const warm = per1000(/\b(love|family|friendly|welcome|care|passion\w*|home|community|together|smile)\b/gi);
  const tone =
    exclaim > 4
      ? 'Enthusiastic, upbeat and friendly'
      : formal > 12 && formal > warm
        ? 'Professional, clear and reassuring'
        : warm > 4
          ? 'Warm, welcoming and personal'
          : 'Friendly, straightforward and helpful';
  const person =
    i > we
      ? 'First person singular ("I"), as the owner'
      : we > 2
        ? 'First person plural ("we")'
        : 'Third person, naming the business';
  const address = you > 10 ? 'speaking directly to the customer ("you")' : 'describing the offer plainly';
  const register = formal > 12 ? 'in a polished, professional register' : 'in everyday, jargon-free language';
  return { tone, voice: `${person}, ${address}, ${register}.` };
}

export function offlineOverview(site: SiteExtract, hints?: OverviewHints): CompanyOverview {
  const name = nameFrom(site, hints);
  // Whole sentences only: a line without a full stop is a heading or a label, not a description.
  const textSentences = sentences(site.text).filter(
    (s) =>
      s.length >= 40 &&
      s.length <= 300 &&
      /[a-z]/.test(s) &&
      /[.!?…]["'”’)]?$/.test(s) &&
      !/cookie|javascript|©|all rights reserved/i.test(s),
  );
  const meta = squash(site.metaDescription);
  const pieces = uniq([meta, ...textSentences.slice(0, 4)].filter(Boolean).map(endWithPeriod));
  let description = '';
  for (const piece of pieces) {
    if (description.length >= 240) break;
    description = `${description} ${piece}`.trim();
  }
  const locations = locationsFrom(site, name, hints);
  if (description.length < 80) {
    const headings = (site.headings ?? [])
      .map(squash)
      .filter((h) => h.length > 3)
      .slice(0, 3);
    const extra = [
      headings.length ? `${name} is about ${headings.map((h) => h.toLowerCase()).join(', ')}.` : '',
      locations.length ? `${name} serves customers in ${locations.slice(0, 3).join(', ')}.` : '',
      publicSite(site.url) ? `Find out more about ${name} at ${publicSite(site.url)}.` : `Get to know ${name}.`,
    ];
    description = [description, ...extra].filter(Boolean).join(' ');
  }
  const styleText = [meta, ...(site.headings ?? []), site.text].filter(Boolean).join(' ');
  return { name, description: clipWords(description, 1000), locations, ...describeStyle(styleText) };
}
