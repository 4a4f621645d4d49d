import { describe, expect, it } from 'vitest';
import {
  capIdeas,
  ideasFrom,
  pageTargets,
  suggestionId,
  type Idea,
} from '../../functions/core/calendar/audit-suggestions';

/** The audit ideas' rules that need no audit: when a page targets a keyword, and how the dozen is chosen. */

const page = (
  url: string,
  fields: { title?: string; h1?: string; description?: string; words?: number; inlinks?: number },
) => ({
  url,
  status: 200,
  depth: 1,
  inlinks: fields.inlinks ?? 0,
  indexability: 'indexable' as const,
  issues: 0,
  ...fields,
});

describe('a page targets a keyword', () => {
  it('when its title, H1 or description holds every word, in any order, case or number', () => {
    expect(
      pageTargets({ title: 'Harbourside Sourdough | Artisan bakery in Bristol' }, 'sourdough bakery bristol'),
    ).toBe(true);
    expect(pageTargets({ h1: 'Celebration cake orders' }, 'celebration cakes')).toBe(true);
    expect(pageTargets({ description: 'Cakes for every CELEBRATION.' }, 'celebration cake')).toBe(true);
  });

  it('not when the words are spread over two fields, or one is missing', () => {
    expect(pageTargets({ title: 'Wholesale bread', h1: 'Bristol supplier' }, 'wholesale bread supplier bristol')).toBe(
      false,
    );
    expect(pageTargets({ title: 'Bread in Bristol' }, 'wholesale bread bristol')).toBe(false);
    expect(pageTargets({}, 'bread')).toBe(false);
    expect(pageTargets({ title: 'Bread' }, '  ')).toBe(false);
  });
});

describe('the ideas', () => {
  const site = 'https://bakery.example';
  const pages = [
    page(`${site}/`, { title: 'Bakery in Bristol', words: 400, inlinks: 9 }),
    page(`${site}/visit/`, { title: 'Visit us', words: 60, inlinks: 9 }),
    page(`${site}/order/`, { h1: 'Celebration cakes', words: 40, inlinks: 1 }),
  ];
  const keyword = (k: string, volume: number) => ({ keyword: k, volume, difficulty: 10, cpc: 1, recommended: true });

  it('thin pages most linked first, keyword gaps by searches, ids stable per page or keyword', () => {
    const byKind = ideasFrom({
      pages,
      thinUrls: [`${site}/order/`, `${site}/visit/`, `${site}/visit/`],
      undescribedUrls: [`${site}/visit/`],
      keywords: [keyword('bakery bristol', 900), keyword('wholesale bread', 90), keyword('sourdough classes', 300)],
    });
    expect(byKind['thin-page'].map((i) => i.title)).toEqual([
      'Expand your thin page /visit/',
      'Expand your thin page /order/',
    ]);
    expect(byKind['thin-page'][0]!.why).toContain('60 words');
    expect(byKind['keyword-gap'].map((i) => i.keyword)).toEqual(['sourdough classes', 'wholesale bread']);
    expect(byKind['missing-description'].map((i) => i.id)).toEqual([
      suggestionId('missing-description', `${site}/visit/`),
    ]);
    expect(byKind['thin-page'][0]!.id).not.toBe(byKind['missing-description'][0]!.id);
  });

  it('a dozen at most: up to four of each kind first, then the rest, by kind', () => {
    const many = (kind: Idea['kind'], n: number) =>
      Array.from({ length: n }, (_, i): Idea => ({
        id: `${kind}-${i}`,
        kind,
        title: `${kind} ${i}`,
        why: '',
        url: null,
        keyword: null,
        format: 'blog',
      }));
    const capped = capIdeas({
      'keyword-gap': many('keyword-gap', 10),
      'thin-page': many('thin-page', 10),
      'missing-description': many('missing-description', 2),
    });
    expect(capped).toHaveLength(12);
    const count = (kind: Idea['kind']) => capped.filter((i) => i.kind === kind).length;
    expect([count('keyword-gap'), count('thin-page'), count('missing-description')]).toEqual([6, 4, 2]);
    expect(capped.map((i) => i.kind).slice(0, 6)).toEqual(Array(6).fill('keyword-gap'));
    expect(capIdeas({ 'keyword-gap': [], 'thin-page': many('thin-page', 3), 'missing-description': [] })).toHaveLength(
      3,
    );
  });
});
