/**
 * Near-duplicate text: each text becomes a bottom-k sketch of its 3-word shingles (the k
 * smallest shingle hashes), and two sketches estimate the Jaccard similarity of the two texts
 * (Broder's estimator). One hash per shingle and a sorted array of k: cheap enough to run on
 * every page a crawl parses, and 4k bytes per page to keep for the whole site.
 */

export const SKETCH_SIZE = 32;
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

/** The sketch of a text, base64 of k sorted uint32; undefined when the text is too short. */
export function shingleSketch(text: string): string | undefined {
  const sketch = new Uint32Array(SKETCH_SIZE).fill(0xffffffff);
  let filled = 0;
  let w1 = 0;
  let w2 = 0;
  let words = 0;
  let shingles = 0;
  let h = 0;
  let inWord = false;
  const endWord = () => {
    words++;
    if (words >= 3) {
      const shingle = mix(Math.imul(w2, 31) ^ Math.imul(w1, 0x9e3779b1) ^ h);
      shingles++;
      insert(shingle);
    }
    w2 = w1;
    w1 = h;
  };
  const insert = (value: number) => {
    if (filled === SKETCH_SIZE && value >= (sketch[SKETCH_SIZE - 1] ?? 0)) return;
    let i = filled < SKETCH_SIZE ? filled : SKETCH_SIZE - 1;
    for (let j = 0; j < i; j++) if (sketch[j] === value) return;
    while (i > 0 && (sketch[i - 1] ?? 0) > value) {
      sketch[i] = sketch[i - 1] ?? 0;
      i--;
    }
    sketch[i] = value;
    if (filled < SKETCH_SIZE) filled++;
  };
  for (let i = 0; i < text.length && words < MAX_WORDS; i++) {
    const code = text.charCodeAt(i);
    if (code <= 32 || code === 160) {
      if (inWord) endWord();
      inWord = false;
      continue;
    }
    // Case folded for ASCII letters: "Bread" and "bread" are one word.
    const folded = code >= 65 && code <= 90 ? code + 32 : code;
    h = inWord ? Math.imul(h ^ folded, 16777619) : Math.imul(2166136261 ^ folded, 16777619);
    inWord = true;
  }
  if (inWord && words < MAX_WORDS) endWord();
  if (shingles < MIN_SHINGLES) return undefined;
  return Buffer.from(sketch.buffer, sketch.byteOffset, filled * 4).toString('base64');
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
