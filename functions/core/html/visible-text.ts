import { Parser } from 'htmlparser2';

/**
 * Visible text read from parser callbacks (htmlparser2's `onopentag` / `ontext` / `onclosetag`),
 * laid out as a browser lays it out: a block element (a heading, a paragraph, a list item, a
 * table cell, `<br>`) starts a new line, so "…baked in Bristol</h1><p>We bake…" stays two lines
 * and never reads "Bristol We" or "BristolWe"; a link, button or label is set apart by a space, so
 * a menu reads "Home Menu"; other inline markup (`<em>`, `<b>`, `caf<b>é</b>`) joins nothing apart.
 */

/** Elements that break the line before and after them (HTML's block-level elements, line breaks and cells). */
const LINE = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'legend',
  'li',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

/** Inline elements that sit apart from their neighbours on screen (menus written without spaces between links). */
const SPACE = new Set(['a', 'button', 'label', 'img', 'input', 'select', 'textarea', 'option']);

/** How an element separates the text around it: a new line, a space, or not at all. */
function separationOf(tag: string): 'line' | 'space' | undefined {
  if (LINE.has(tag)) return 'line';
  if (SPACE.has(tag)) return 'space';
  return undefined;
}

const squashLine = (line: string) => line.replace(/[^\S\n]+/g, ' ').trim();

/**
 * Collects text pieces and the tags between them; `lines()` answers the visible lines, each
 * with its whitespace folded. `max` caps the characters kept (long pages are only sampled).
 */
export class VisibleText {
  private readonly pieces: string[] = [];
  private length = 0;

  constructor(private readonly max = Number.POSITIVE_INFINITY) {}

  /** An element opens or closes (the same separation either way). */
  tag(name: string): void {
    const separation = separationOf(name);
    if (separation === 'line') this.pieces.push('\n');
    else if (separation === 'space') this.pieces.push(' ');
  }

  add(text: string): void {
    if (this.length >= this.max) return;
    // Text's own line breaks are source formatting, not the page's: only elements break lines.
    const piece = text.replace(/\s+/g, ' ');
    this.pieces.push(piece);
    this.length += piece.length;
  }

  lines(): string[] {
    return this.pieces.join('').split('\n').map(squashLine).filter(Boolean);
  }

  /** One line per block. */
  text(): string {
    return this.lines().join('\n');
  }

  /** The lines run together with spaces, for a short text such as a heading or a link's words. */
  inline(): string {
    return this.lines().join(' ');
  }
}

/** Elements whose content is never shown. */
const UNSEEN = new Set(['script', 'style', 'noscript', 'template', 'head', 'title']);

/** The visible text of an HTML fragment (a feed entry's description), one line per block. */
export function htmlText(html: string | null | undefined): string {
  if (!html) return '';
  const text = new VisibleText();
  let unseen = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (UNSEEN.has(name)) unseen++;
        text.tag(name);
      },
      ontext(data) {
        if (!unseen) text.add(data);
      },
      onclosetag(name) {
        if (UNSEEN.has(name) && unseen) unseen--;
        text.tag(name);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return text.text();
}
