import { describe, expect, it } from 'vitest';
import { auditSettingsInputSchema, auditSettingsMessages as M } from '@shared/schemas/audit-settings';
import { CrawlScope, withoutParameters } from '../../functions/core/audit/crawl/crawl-scope';
import { DEFAULT_PAGE_THRESHOLDS, PAGE_CHECKS } from '../../functions/core/audit/checks/page-checks';
import type { PageFacts } from '../../functions/core/audit/crawl/page-facts';
import { parseUrlList } from '../../functions/core/audit/crawl/url-list';
import { DomainError } from '../../functions/core/errors';

/** What the audit settings do to a crawl: rules as regular expressions, parameters, domains, thresholds, the list. */

const start = new URL('https://rosas.example/');
const scope = (rules: Partial<ConstructorParameters<typeof CrawlScope>[1]>) =>
  new CrawlScope(start, { includeSubdomains: false, allowPrefixes: [], disallowPrefixes: [], ...rules });
const at = (path: string) => new URL(path, start);

describe('URL rules', () => {
  it('reads a rule as a regular expression from the start of the path; a plain path is a prefix', () => {
    const s = scope({ allowPrefixes: ['/blog/.+/amp/', '/shop/'], disallowPrefixes: ['/shop/cart/'] });
    expect(s.allowed(at('/blog/bread/amp/'))).toBe(true);
    expect(s.allowed(at('/blog/amp/'))).toBe(false);
    expect(s.allowed(at('/shop/rye/'))).toBe(true);
    expect(s.allowed(at('/shop/cart/'))).toBe(false);
    expect(s.allowed(at('/about/'))).toBe(false);
    expect(s.allowed(at('/x/blog/a/amp/'))).toBe(false);
  });

  it('hides pages under a hide rule and skips links to ignored domains and their subdomains', () => {
    const s = scope({ hidePrefixes: ['/tag/'], ignoredExternalDomains: ['cdn.example.net'] });
    expect(s.hidden(at('/tag/rye/'))).toBe(true);
    expect(s.hidden(at('/blog/'))).toBe(false);
    expect(s.ignoredExternal(new URL('https://img.cdn.example.net/a.png'))).toBe(true);
    expect(s.ignoredExternal(new URL('https://example.net/'))).toBe(false);
  });

  it('drops ignored query parameters and keeps the others', () => {
    const url = new URL('https://rosas.example/menu/?utm_source=mail&page=2');
    expect(withoutParameters(url, ['utm_source']).href).toBe('https://rosas.example/menu/?page=2');
    expect(withoutParameters(url, []).href).toBe(url.href);
  });

  it('refuses a rule that is not a regular expression, or one that could take exponential time', () => {
    for (const rule of ['/blog/[a-/', '/(a+)+/', '/(x*)*b/']) {
      const parsed = auditSettingsInputSchema.safeParse({ allowPrefixes: [rule] });
      expect(parsed.error?.issues[0]?.message, rule).toBe(M.ruleRegex);
    }
  });
});

describe('the thresholds', () => {
  const page = (title: string, words: number) => ({ parsed: { title, words }, outlinks: 3 }) as unknown as PageFacts;
  const test = (id: string, facts: PageFacts, t = DEFAULT_PAGE_THRESHOLDS) =>
    PAGE_CHECKS.find((c) => c.id === id)?.test(facts, t);

  it('flags titles and word counts by the settings, the spec’s figures by default', () => {
    expect(test('title-short', page('Rye bread', 300))).toBe(true);
    expect(test('title-short', page('Rye bread', 300), { ...DEFAULT_PAGE_THRESHOLDS, titleMin: 5 })).toBe(false);
    expect(test('low-word-count', page('Rye', 100))).toBe(true);
    expect(test('low-word-count', page('Rye', 100), { ...DEFAULT_PAGE_THRESHOLDS, minWords: 50 })).toBe(false);
    expect(test('dead-end', page('Rye', 100), { ...DEFAULT_PAGE_THRESHOLDS, minOutlinks: 5 })).toBe(true);
  });
});

describe('the uploaded list of URLs', () => {
  const fails = (fileName: string, text: string) => {
    try {
      parseUrlList(fileName, text, start);
    } catch (error) {
      return error instanceof DomainError ? error.errors?.[0] : undefined;
    }
    return undefined;
  };

  it("reads a TXT's lines and a CSV's first column, skips a header, blank lines and repeats", () => {
    expect(parseUrlList('a.txt', 'https://rosas.example/a/\n\nhttps://www.rosas.example/b/#x\n', start)).toEqual([
      'https://rosas.example/a/',
      'https://www.rosas.example/b/',
    ]);
    expect(
      parseUrlList(
        'a.csv',
        'URL,title\n"https://blog.rosas.example/c/",C\nhttps://rosas.example/a/;x\nhttps://rosas.example/a/',
        start,
      ),
    ).toEqual(['https://blog.rosas.example/c/', 'https://rosas.example/a/']);
  });

  it('names the first line at fault: another site, not a URL; and refuses other file types and empty files', () => {
    expect(fails('a.txt', 'https://rosas.example/\nhttps://rosas.example.evil.com/')).toEqual({
      path: 'text',
      message: M.file.foreign(2, 'rosas.example.evil.com'),
    });
    expect(fails('a.txt', 'javascript:alert(1)')).toEqual({ path: 'text', message: M.file.invalid(1) });
    expect(fails('a.txt', 'http://169.254.169.254/latest/')).toEqual({
      path: 'text',
      message: M.file.foreign(1, '169.254.169.254'),
    });
    expect(fails('a.xlsx', 'https://rosas.example/')).toEqual({ path: 'fileName', message: M.file.type });
    expect(fails('a.csv', '\n\n')).toEqual({ path: 'text', message: M.file.empty });
  });
});
