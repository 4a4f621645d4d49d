import { describe, expect, it } from 'vitest';
import { parsePage } from '../../functions/core/audit/crawl/page-parser';
import { htmlText, VisibleText } from '../../functions/core/html/visible-text';

describe('visible text keeps apart what a browser shows apart', () => {
  it('a block element or <br> starts a line; a link sits apart by a space; other inline markup joins nothing apart', () => {
    const text = new VisibleText();
    for (const [kind, value] of [
      ['tag', 'h1'],
      ['text', 'Baked in Bristol'],
      ['tag', 'h1'],
      ['tag', 'p'],
      ['text', 'We bake   every\n morning'],
      ['tag', 'br'],
      ['text', 'Caf'],
      ['tag', 'b'],
      ['text', 'é'],
      ['tag', 'b'],
      ['tag', 'a'],
      ['text', 'Menu'],
      ['tag', 'a'],
      ['tag', 'p'],
    ] as const)
      if (kind === 'tag') text.tag(value);
      else text.add(value);
    expect(text.lines()).toEqual(['Baked in Bristol', 'We bake every morning', 'Café Menu']);
    expect(text.inline()).toBe('Baked in Bristol We bake every morning Café Menu');
  });

  it('a feed entry description: its heading and paragraph stay two lines, never one glued word', () => {
    expect(htmlText('<h2>New loaves</h2><p>We bake rye<br>on Mondays.</p><script>x()</script>')).toBe(
      'New loaves\nWe bake rye\non Mondays.',
    );
    expect(htmlText('<p>Fish &amp; chips</p><p>Friday</p>').replace(/\s+/g, ' ')).toBe('Fish & chips Friday');
    expect(htmlText(undefined)).toBe('');
  });

  it("the audit reads an h1 and a link's words with their line breaks as spaces", () => {
    const page = parsePage(
      '<!doctype html><html><body><h1>Fresh bread<br>in Bristol</h1><p><a href="/order">Order<br>a cake</a></p></body></html>',
    );
    expect(page.h1).toBe('Fresh bread in Bristol');
    expect(page.links[0]?.text).toBe('Order a cake');
  });
});
