/**
 * Deterministic randomness: the same company, purpose and index always give the same text (a
 * regenerated post does not change under the user's eyes), different ones give different text.
 */

/** FNV-1a, 32 bits: a stable seed from any text. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** mulberry32: [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** One of `items`; callers pass non-empty lists (an empty one is a programming error, thrown). */
  pick<T>(items: readonly T[]): T {
    const index = this.int(items.length);
    if (index >= items.length) throw new RangeError('Rng.pick needs at least one item');
    // In range by the check above, so the element exists (T itself may include undefined).
    return items[index] as T;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      // Both indices are within out (0 <= j <= i < out.length): the casts only drop the `| undefined`.
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}

/** A generator seeded by what is being written and for whom: `rng(company.name, 'post', 3)`. */
export const rng = (...parts: (string | number | undefined | null)[]) =>
  new Rng(hashSeed(parts.map((p) => p ?? '').join('\u241f')));
