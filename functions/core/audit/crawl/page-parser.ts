import { createHash, type Hash } from 'node:crypto';
import { Parser } from 'htmlparser2';
import { VisibleText } from '../../html/visible-text';
import { ShingleSketcher } from '../checks/shingles';
import { checkStructuredData } from '../checks/structured-data';

/** What the audit reads from one HTML page in a single streaming pass; the HTML itself is not kept. */
export interface ParsedPage {
  doctype: boolean;
  lang?: string;
  charset: boolean;
  viewport: boolean;
  titleCount: number;
  title?: string;
  descriptionCount: number;
  description?: string;
  robots: { noindex: boolean; nofollow: boolean; nosnippet: boolean };
  metaInBody: boolean;
  metaRefresh: boolean;
  /** href values as written. */
  canonicals: string[];
  hreflangs: { lang: string; href: string }[];
  base?: string;
  h1Count: number;
  h1?: string;
  h2Count: number;
  headingOrderBroken: boolean;
  links: ParsedLink[];
  images: ParsedImage[];
  pictureWithoutImg: boolean;
  stylesheets: string[];
  scripts: string[];
  /** Other files the page loads: icons, the manifest, preloads, video, audio, embeds. */
  others: string[];
  formActions: string[];
  /** Open Graph properties present (og:title, og:type, og:image, og:url...) and whether a twitter:card is. */
  openGraph: string[];
  twitterCard: boolean;
  /** JSON-LD blocks: how many, whether one did not parse, and the required properties missing ("Product: offers"). */
  structuredData: { blocks: number; invalid: boolean; missing: string[] };
  frames: boolean;
  duplicateIds: boolean;
  domNodes: number;
  /** Visible words, counted up to WORD_COUNT_CAP. */
  words: number;
  /** Length of the visible text. */
  textChars: number;
  /** A short hash of the page's visible text, whitespace folded: equal texts, equal hashes. */
  contentHash: string;
  /** The main text's bottom-k sketch (shingles.ts), for near-duplicates; undefined for short texts. */
  sketch?: string;
}

export interface ParsedLink {
  href: string;
  nofollow: boolean;
  /** No text and no image alt inside. */
  empty: boolean;
  vague: boolean;
  /** The anchor text, whitespace folded, at most 100 characters (the found-links list shows it). */
  text: string;
}

interface ParsedImage {
  src?: string;
  alt?: string;
  sized: boolean;
}

/** Elements whose content is not visible text. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'title']);
const VAGUE_ANCHORS = new Set([
  'click here',
  'here',
  'read more',
  'more',
  'learn more',
  'this link',
  'link',
  'click',
  'go',
  'this page',
  'more info',
]);
/** Template parts and headings: left out of the content hash, so pages that share their main text match. */
const BOILERPLATE = new Set(['nav', 'header', 'footer', 'aside', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** <link rel> values that make the browser load a file. */
const FILE_RELS = new Set(['icon', 'apple-touch-icon', 'manifest', 'preload', 'mask-icon']);
const HEADING_LEVEL: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const MAX_TITLE_KEPT = 1000;

/**
 * Parses a page with htmlparser2's tokenizer callbacks (no DOM is built): counts, the head's
 * meta data, links, images and resources, and the visible text's words and hash. Feed it the
 * body in chunks as it arrives (`write`), then `end()`.
 */
export class PageParser {
  private readonly page: ParsedPage = {
    doctype: false,
    charset: false,
    viewport: false,
    titleCount: 0,
    descriptionCount: 0,
    robots: { noindex: false, nofollow: false, nosnippet: false },
    metaInBody: false,
    metaRefresh: false,
    canonicals: [],
    hreflangs: [],
    h1Count: 0,
    h2Count: 0,
    headingOrderBroken: false,
    links: [],
    images: [],
    pictureWithoutImg: false,
    stylesheets: [],
    scripts: [],
    others: [],
    formActions: [],
    openGraph: [],
    twitterCard: false,
    structuredData: { blocks: 0, invalid: false, missing: [] },
    frames: false,
    duplicateIds: false,
    domNodes: 0,
    words: 0,
    textChars: 0,
    contentHash: '',
  };
  private readonly parser: Parser;
  /**
   * The visible text as it is read: its length, its words up to WORD_COUNT_CAP, whether it ends
   * inside a word, and whether a tag came since its last text. A tag ends a word (texts of two
   * elements read as if a space stood between them); text cut by a network chunk or an entity
   * ("caf&eacute;") goes on the same word.
   */
  private visibleChars = 0;
  private visibleWords = 0;
  private inWord = false;
  private tagSinceText = false;
  /** The main text (no template parts), hashed and sketched as it is read: the page's text is never joined. */
  private readonly mainHash = new TrimmedTextHash();
  private readonly mainSketch = new ShingleSketcher();
  private mainEndsSeparated = true;
  private readonly ids = new Set<string>();
  private hiddenDepth = 0;
  private boilerplateDepth = 0;
  private inBody = false;
  private lastHeading = 0;
  private title: string[] | undefined;
  /** The first h1's and the open link's words, laid out as shown: `<br>` and blocks inside keep words apart. */
  private h1: VisibleText | undefined;
  private anchor: { link: ParsedLink; text: VisibleText; hasAlt: boolean } | undefined;
  private pictures: boolean[] = [];
  private jsonLd: string[] | undefined;
  private readonly jsonLdBlocks: string[] = [];

  constructor() {
    this.parser = new Parser(
      {
        onprocessinginstruction: (name) => {
          if (name.toLowerCase() === '!doctype') this.page.doctype = true;
        },
        onopentag: (name, attrs) => this.open(name, attrs),
        onclosetag: (name) => this.close(name),
        ontext: (text) => this.text(text),
      },
      { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    );
  }

  write(chunk: string) {
    this.parser.write(chunk);
  }

  end(): ParsedPage {
    this.parser.end();
    this.page.words = this.visibleWords;
    this.page.textChars = this.visibleChars;
    this.page.contentHash = this.mainHash.digest();
    const sketch = this.mainSketch.result();
    if (sketch) this.page.sketch = sketch;
    if (this.jsonLdBlocks.length) this.page.structuredData = checkStructuredData(this.jsonLdBlocks);
    return this.page;
  }

  private open(name: string, a: Record<string, string>) {
    const page = this.page;
    page.domNodes++;
    this.tagSinceText = true;
    this.h1?.tag(name);
    this.anchor?.text.tag(name);
    if (a.id !== undefined && a.id !== '') {
      if (this.ids.has(a.id)) page.duplicateIds = true;
      else this.ids.add(a.id);
    }
    if (HIDDEN.has(name)) this.hiddenDepth++;
    if (BOILERPLATE.has(name)) this.boilerplateDepth++;
    switch (name) {
      case 'html':
        if (a.lang) page.lang = a.lang.trim();
        break;
      case 'body':
        this.inBody = true;
        break;
      case 'base':
        if (a.href && page.base === undefined) page.base = a.href;
        break;
      case 'title':
        // An svg's <title> is a tooltip, not the page's.
        if (!this.inBody) {
          page.titleCount++;
          if (page.titleCount === 1) this.title = [];
        }
        break;
      case 'meta':
        this.meta(a);
        break;
      case 'link':
        this.linkTag(a);
        break;
      case 'a':
        if (a.href !== undefined) {
          const rel = (a.rel ?? '').toLowerCase();
          const link: ParsedLink = {
            href: a.href,
            nofollow: rel.includes('nofollow'),
            empty: true,
            vague: false,
            text: '',
          };
          page.links.push(link);
          this.anchor = { link, text: new VisibleText(), hasAlt: false };
        }
        break;
      case 'img':
        page.images.push({ src: a.src, alt: a.alt, sized: a.width !== undefined && a.height !== undefined });
        if (this.anchor && a.alt?.trim()) this.anchor.hasAlt = true;
        if (this.pictures.length) this.pictures[this.pictures.length - 1] = true;
        break;
      case 'picture':
        this.pictures.push(false);
        break;
      case 'script':
        if (a.src) page.scripts.push(a.src);
        else if ((a.type ?? '').trim().toLowerCase() === 'application/ld+json') this.jsonLd = [];
        break;
      case 'video':
        if (a.poster) page.others.push(a.poster);
        if (a.src) page.others.push(a.src);
        break;
      case 'audio':
      case 'source':
      case 'track':
      case 'embed':
        // A <source> inside <picture> is an image candidate set (srcset), not a file of its own.
        if (a.src) page.others.push(a.src);
        break;
      case 'object':
        if (a.data) page.others.push(a.data);
        break;
      case 'form':
        if (a.action) page.formActions.push(a.action);
        break;
      case 'frame':
      case 'frameset':
      case 'iframe':
        page.frames = true;
        break;
      default: {
        const level = HEADING_LEVEL[name];
        if (level) this.heading(level);
      }
    }
  }

  private heading(level: number) {
    const page = this.page;
    if (level === 1) {
      page.h1Count++;
      if (page.h1Count === 1) this.h1 = new VisibleText();
    } else if (level === 2) page.h2Count++;
    // Only a skip down from a heading counts: a page may open at any level (a teaser list of h3s,
    // a layout whose h1 comes later), as axe's heading-order rule sees it.
    if (this.lastHeading && level > this.lastHeading + 1) page.headingOrderBroken = true;
    this.lastHeading = level;
  }

  private meta(a: Record<string, string>) {
    const page = this.page;
    if (this.inBody) page.metaInBody = true;
    if (a.charset !== undefined) page.charset = true;
    const httpEquiv = a['http-equiv']?.toLowerCase();
    if (httpEquiv === 'content-type' && /charset=/i.test(a.content ?? '')) page.charset = true;
    if (httpEquiv === 'refresh') page.metaRefresh = true;
    const name = a.name?.toLowerCase();
    const property = a.property?.toLowerCase();
    if (property?.startsWith('og:') && a.content?.trim()) page.openGraph.push(property);
    if ((name === 'twitter:card' || property === 'twitter:card') && a.content?.trim()) page.twitterCard = true;
    if (name === 'viewport') page.viewport = true;
    else if (name === 'description') {
      page.descriptionCount++;
      if (page.descriptionCount === 1) page.description = (a.content ?? '').trim();
    } else if (name === 'robots' || name === 'googlebot') {
      const content = (a.content ?? '').toLowerCase();
      if (content.includes('noindex') || content.includes('none')) page.robots.noindex = true;
      if (content.includes('nofollow') || content.includes('none')) page.robots.nofollow = true;
      if (content.includes('nosnippet')) page.robots.nosnippet = true;
    }
  }

  private linkTag(a: Record<string, string>) {
    const rel = (a.rel ?? '').toLowerCase().split(/\s+/);
    if (!a.href) return;
    if (rel.includes('canonical')) this.page.canonicals.push(a.href);
    else if (rel.includes('stylesheet')) this.page.stylesheets.push(a.href);
    else if (rel.includes('alternate') && a.hreflang) this.page.hreflangs.push({ lang: a.hreflang, href: a.href });
    else if (rel.includes('modulepreload')) this.page.scripts.push(a.href);
    else if (rel.some((r) => FILE_RELS.has(r))) this.page.others.push(a.href);
  }

  private close(name: string) {
    this.tagSinceText = true;
    this.h1?.tag(name);
    this.anchor?.text.tag(name);
    if (name === 'script' && this.jsonLd) {
      this.jsonLdBlocks.push(this.jsonLd.join(''));
      this.jsonLd = undefined;
    }
    if (HIDDEN.has(name) && this.hiddenDepth > 0) this.hiddenDepth--;
    if (BOILERPLATE.has(name) && this.boilerplateDepth > 0) this.boilerplateDepth--;
    switch (name) {
      case 'title':
        if (this.title) {
          this.page.title = this.title.join('').replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE_KEPT);
          this.title = undefined;
        }
        break;
      case 'h1':
        if (this.h1) {
          this.page.h1 = this.h1.inline().slice(0, MAX_TITLE_KEPT);
          this.h1 = undefined;
        }
        break;
      case 'a':
        if (this.anchor) {
          const text = this.anchor.text.inline();
          this.anchor.link.empty = !text && !this.anchor.hasAlt;
          this.anchor.link.vague = VAGUE_ANCHORS.has(text.toLowerCase());
          this.anchor.link.text = text.slice(0, 100);
          this.anchor = undefined;
        }
        break;
      case 'picture':
        if (this.pictures.pop() === false) this.page.pictureWithoutImg = true;
        break;
    }
  }

  private text(text: string) {
    if (this.jsonLd) this.jsonLd.push(text);
    if (this.title) this.title.push(text);
    if (this.hiddenDepth > 0) return;
    this.h1?.add(text);
    this.anchor?.text.add(text);
    const continues = !this.tagSinceText;
    this.tagSinceText = false;
    if (!continues && this.visibleChars > 0) {
      this.visibleChars++;
      this.inWord = false;
    }
    this.visibleChars += text.length;
    // Template text stands as one space in the main text, however the network cut it.
    if (this.boilerplateDepth > 0 || !continues) this.separateMain();
    if (this.boilerplateDepth > 0) {
      if (this.visibleWords < WORD_COUNT_CAP) this.countWords(text);
      return;
    }
    this.mainHash.add(text);
    this.mainEndsSeparated = false;
    // Main text is read once, by the sketch, which counts the words it meets. It reads further
    // than the count goes (MAX_WORDS of main text past WORD_COUNT_CAP of visible), and a tag
    // ends a word for both, so the count is the same as reading the text again.
    if (this.mainSketch.reading) {
      this.visibleWords = Math.min(WORD_COUNT_CAP, this.visibleWords + this.mainSketch.add(text));
    } else if (this.visibleWords < WORD_COUNT_CAP) this.countWords(text);
  }

  private separateMain() {
    if (this.mainEndsSeparated) return;
    this.mainHash.add(' ');
    this.mainSketch.separate();
    this.mainEndsSeparated = true;
  }

  /** Adds the words that start in `text` to the count, up to the cap: past it, a long page's text is only measured. */
  private countWords(text: string) {
    let words = this.visibleWords;
    let inWord = this.inWord;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code <= 32 || code === 160) inWord = false;
      else if (!inWord) {
        inWord = true;
        if (++words >= WORD_COUNT_CAP) break;
      }
    }
    this.visibleWords = words;
    this.inWord = inWord;
  }
}

/**
 * Words are counted exactly up to this many, then the count stops: the checks only ask "under
 * 250?", and counting every word of a 44 KB page costs more than parsing it.
 */
const WORD_COUNT_CAP = 1000;

/**
 * A short SHA-1 of a text handed over in pieces, as if joined and trimmed: equal texts as served,
 * equal hashes, however the network cut them. Each piece goes straight to the hash, so a page's
 * text is never copied into one string; whitespace is held back until more text follows it.
 */
class TrimmedTextHash {
  private readonly hash: Hash = createHash('sha1');
  private started = false;
  private held = '';

  add(piece: string) {
    const kept = piece.trimEnd();
    if (!kept) {
      if (this.started) this.held += piece;
      return;
    }
    if (this.started) {
      if (this.held) this.hash.update(this.held);
      this.hash.update(kept);
    } else {
      this.started = true;
      this.hash.update(kept.trimStart());
    }
    this.held = piece.slice(kept.length);
  }

  /** '' for a text that is all whitespace. */
  digest(): string {
    return this.started ? this.hash.digest('base64url').slice(0, 16) : '';
  }
}

/** Parses a whole document (tests, small pages). */
export function parsePage(html: string): ParsedPage {
  const parser = new PageParser();
  parser.write(html);
  return parser.end();
}
