import { describe, expect, it } from 'vitest';
import { aliasHashOf } from '../../functions/core/feeds/feed-read';

/** A feed entry's second identity (functions/core/feeds/feed-read.ts): its title and link, normalised. */
describe('a feed entry by its title and link', () => {
  const base = aliasHashOf('Sourdough notes 2: why our loaves rest', 'https://bakery.example/notes/2');

  it('is the same for the same words and address written differently', () => {
    expect(aliasHashOf('  SOURDOUGH notes 2:\n why our  loaves rest ', 'https://BAKERY.example/notes/2/#top')).toBe(
      base,
    );
    // NFKC: a full-width letter is the plain one.
    expect(aliasHashOf('Ｓourdough notes 2: why our loaves rest', 'https://bakery.example/notes/2')).toBe(base);
  });

  it('differs for another title, another page or another query', () => {
    expect(aliasHashOf('Sourdough notes 3: why our loaves rest', 'https://bakery.example/notes/2')).not.toBe(base);
    expect(aliasHashOf('Sourdough notes 2: why our loaves rest', 'https://bakery.example/notes/3')).not.toBe(base);
    expect(aliasHashOf('Sourdough notes 2: why our loaves rest', 'https://bakery.example/notes/2?page=2')).not.toBe(
      base,
    );
  });

  it('is none without a link (a title alone is too weak), and never a hash of an entry key', () => {
    expect(aliasHashOf('Weekly news', null)).toBeNull();
    expect(base).toMatch(/^t[0-9a-f]{39}$/);
  });
});
