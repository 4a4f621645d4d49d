/**
 * Near-duplicate text: each text becomes a bottom-k sketch of its 3-word shingles (the k
 * smallest shingle hashes), and two sketches estimate the Jaccard similarity of the two texts
 * (Broder's estimator). One hash per shingle and a sorted array of k: cheap enough to run on
 * every page a crawl parses, and 4k bytes per page to keep for the whole site.
 */

const SKETCH_SIZE = 32;
/** Texts with fewer shingles than this are too short for their likeness to mean anything. */
const MIN_SHINGLES = 50;
/**
 * The words read per text: the first 1,500 of the main text, a few screens of it. Two pages
 * alike that far are near duplicates for a reader; and reading every word of a long page cost a
 * third of its parse (npm run bench).
 */
const MAX_WORDS = 1500;

/** murmur3's finaliser: spreads a 32-bit value over all bits. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A text's sketch, read piece by piece as a parser hands the text over: a word goes on across
 * pieces, so however the text is cut, the sketch is the whole text's. Its state is kept in
 * fields and copied to locals for each piece's loop, which runs on every page a crawl parses.
 */
export class ShingleSketcher {
  private readonly sketch = new Uint32Array(SKETCH_SIZE).fill(0xffffffff);
  /** The largest value kept once the sketch is full; a shingle not below it is skipped at once. */
  private ceiling = 0xffffffff;
  private filled = 0;
  private w1 = 0;
  private w2 = 0;
  private words = 0;
  private shingles = 0;
  private h = 0;
  private inWord = false;

  /** False once MAX_WORDS words are read: the rest of the text changes nothing. */
  get reading(): boolean {
    return this.words < MAX_WORDS;
  }

  /**
   * Reads one piece of the text; answers how many words begin in it, so a caller counting words
   * need not read the piece again. Nothing past MAX_WORDS is read.
   */
  add(text: string): number {
    let { h, inWord, words, w1, w2, shingles, ceiling } = this;
    if (words >= MAX_WORDS) return 0;
    let begun = 0;
    const length = text.length;
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code > 32 && code !== 160) {
        // Case folded for ASCII letters: "Bread" and "bread" are one word.
        const folded = code >= 65 && code <= 90 ? code + 32 : code;
        if (inWord) h = Math.imul(h ^ folded, 16777619);
        else {
          h = Math.imul(2166136261 ^ folded, 16777619);
          inWord = true;
          begun++;
        }
        continue;
      }
      if (!inWord) continue;
      inWord = false;
      words++;
      if (words >= 3) {
        shingles++;
        const value = mix(Math.imul(w2, 31) ^ Math.imul(w1, 0x9e3779b1) ^ h);
        if (this.filled < SKETCH_SIZE || value < ceiling) ceiling = this.insert(value);
      }
      w2 = w1;
      w1 = h;
      if (words >= MAX_WORDS) break;
    }
    this.h = h;
    this.inWord = inWord;
    this.words = words;
    this.w1 = w1;
    this.w2 = w2;
    this.shingles = shingles;
    return begun;
  }

  /** A boundary between words that no character of the text marks (two elements' texts). */
  separate(): void {
    if (!this.inWord) return;
    this.inWord = false;
    if (this.words < MAX_WORDS) this.endWord(this.h, ++this.words);
  }

  /** The sketch, base64 of k sorted uint32; undefined when the text is too short. */
  result(): string | undefined {
    this.separate();
    if (this.shingles < MIN_SHINGLES) return undefined;
    return Buffer.from(this.sketch.buffer, this.sketch.byteOffset, this.filled * 4).toString('base64');
  }

  private endWord(h: number, words: number) {
    if (words >= 3) {
      this.shingles++;
      const value = mix(Math.imul(this.w2, 31) ^ Math.imul(this.w1, 0x9e3779b1) ^ h);
      if (this.filled < SKETCH_SIZE || value < this.ceiling) this.insert(value);
    }
    this.w2 = this.w1;
    this.w1 = h;
  }

  /** Puts `value` in its place among the sorted values kept (dropping the largest when full); the ceiling after. */
  private insert(value: number): number {
    const { sketch, filled } = this;
    let at = 0;
    let end = filled;
    while (at < end) {
      const mid = (at + end) >> 1;
      if ((sketch[mid] ?? 0) < value) at = mid + 1;
      else end = mid;
    }
    if (at < filled && sketch[at] === value) return this.ceiling;
    for (let i = filled < SKETCH_SIZE ? filled : SKETCH_SIZE - 1; i > at; i--) sketch[i] = sketch[i - 1] ?? 0;
    sketch[at] = value;
    if (filled < SKETCH_SIZE) this.filled = filled + 1;
    if (this.filled === SKETCH_SIZE) this.ceiling = sketch[SKETCH_SIZE - 1] ?? 0;
    return this.ceiling;
  }
}

/** The sketch of a whole text (see ShingleSketcher). */
export function shingleSketch(text: string): string | undefined {
  const sketcher = new ShingleSketcher();
  sketcher.add(text);
  return sketcher.result();
}

export const decodeSketch = (sketch: string): Uint32Array => {
  const bytes = Buffer.from(sketch, 'base64');
  const copy = new Uint8Array(bytes);
  return new Uint32Array(copy.buffer, 0, copy.byteLength / 4);
};

/** Estimated Jaccard similarity of two texts from their sketches: shared values among the k smallest of both. */
export function similarity(a: Uint32Array, b: Uint32Array): number {
  const k = Math.min(SKETCH_SIZE, Math.max(a.length, b.length));
  let i = 0;
  let j = 0;
  let taken = 0;
  let shared = 0;
  while (taken < k && (i < a.length || j < b.length)) {
    const x = a[i] ?? Infinity;
    const y = b[j] ?? Infinity;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
    taken++;
  }
  return taken ? shared / taken : 0;
}
