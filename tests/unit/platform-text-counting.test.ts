import { describe, expect, it } from 'vitest';
import { checkPost, copyLength, threadsLength, visibleLength, PLATFORMS } from '../../shared/platform-rules';
import { threadsCount } from '../../infra/local/sandbox/platforms/rules';

/**
 * Threads counts an emoji as its UTF-8 byte length and every other character once
 * (docs/platforms/meta.md#text-limits-and-how-they-count); the calendar, the editor's counters
 * and the stand-in must agree.
 */
const CASES: [string, number][] = [
  ['abc', 3],
  ['é', 1],
  ['crème brûlée', 12],
  ['日本語', 3],
  ['😀', 4],
  ['👍🏽', 8],
  ['👨‍👩‍👧‍👦', 25],
  ['🇫🇷', 8],
  ['1️⃣', 7],
  ['❤️', 6],
  ['❤', 1],
  ['©', 1],
  ['a😀b', 6],
];

describe("Threads' count", () => {
  it.each(CASES)('%s counts %i', (text, count) => {
    expect(threadsLength(text)).toBe(count);
  });

  it("is the stand-in's count too (written apart, from the same documentation)", () => {
    for (const [text, count] of CASES) expect(threadsCount(text), text).toBe(count);
    const mixed = `Frühlingsmenü 春のメニュー 🎉🥗 ${'ü'.repeat(40)} 👩‍🍳 #menu`;
    expect(threadsCount(mixed)).toBe(threadsLength(mixed));
  });

  it('other platforms count characters', () => {
    for (const platform of PLATFORMS.filter((p) => p !== 'threads')) {
      expect(copyLength(platform, '😀é日')).toBe(visibleLength('😀é日'));
    }
    expect(copyLength('threads', '😀é日')).toBe(6);
  });
});

describe('a Threads post against the 500 limit', () => {
  const threads = (content: string) => checkPost({ platform: 'threads', content, files: [] });

  it('takes 500 accented or CJK characters, which are over 500 bytes', () => {
    const cjk = '春'.repeat(500);
    expect(Buffer.byteLength(cjk)).toBe(1500);
    expect(threads(cjk).valid).toBe(true);
    expect(threads('é'.repeat(500)).valid).toBe(true);
    expect(threads('春'.repeat(501)).message).toBe('Post copy content must be no longer than 500 characters.');
  });

  it('counts emoji as Threads does, and says why when they make it over', () => {
    expect(threads(`${'a'.repeat(496)}😀`).valid).toBe(true);
    expect(threads(`${'a'.repeat(497)}😀`).message).toBe(
      'Post copy content must be no longer than 500 characters. Threads counts each emoji as several characters.',
    );
  });
});
