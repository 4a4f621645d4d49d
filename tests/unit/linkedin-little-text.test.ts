import { describe, expect, it } from 'vitest';
import { fromLittleText, LITTLE_RESERVED, toLittleText } from '../../functions/core/integrations/linkedin-little-text';
import { readLittleText } from '../../infra/local/sandbox/platforms/rules';

/**
 * LinkedIn's little text (docs/platforms/linkedin.md#little-text): our escaping, and the
 * stand-in's reading of it, written apart from each other, must give back the text as written.
 */
const TEXTS = [
  'Plain words, nothing reserved.',
  'Open (today) [v2] {beta} <new> for @team: 50% off *everything* _now_ ~ever~ | pipe \\ backslash',
  'Hashtags stay hashtags: #spring #Menü2026 and #日本, but # alone, C# and issue#12 are text.',
  '@[Not a mention](urn:li:person:123) and {hashtag|#|template} are written, not markup.',
  'Trailing backslash \\',
  'Emoji 🎉 and accents é, ü, and 中文 pass through.',
];

describe('toLittleText', () => {
  it('escapes each reserved character with a backslash', () => {
    for (const char of LITTLE_RESERVED) {
      if (char === '#') continue;
      expect(toLittleText(`a${char}b`)).toBe(`a\\${char}b`);
    }
    expect(toLittleText('(x)')).toBe('\\(x\\)');
    expect(toLittleText('\\')).toBe('\\\\');
  });

  it('keeps the # of a hashtag, escapes any other #', () => {
    expect(toLittleText('#spring')).toBe('#spring');
    expect(toLittleText('go #2026 now')).toBe('go #2026 now');
    expect(toLittleText('# heading')).toBe('\\# heading');
    expect(toLittleText('C#')).toBe('C\\#');
    expect(toLittleText('issue#12')).toBe('issue\\#12');
    expect(toLittleText('#my_tag')).toBe('#my\\_tag');
  });

  it('never leaves a reserved character the stand-in cannot read', () => {
    for (const text of TEXTS) {
      const read = readLittleText(toLittleText(text));
      expect(read, text).toEqual({ text });
    }
  });

  it('is read back as the same text by fromLittleText', () => {
    for (const text of TEXTS) expect(fromLittleText(toLittleText(text))).toBe(text);
  });
});

describe('fromLittleText', () => {
  it('reads mentions as their name and hashtag templates as #word', () => {
    expect(fromLittleText('Hi @[Acme Corp](urn:li:organization:1234)')).toBe('Hi Acme Corp');
    expect(fromLittleText('the {hashtag|\\#|Technology} world')).toBe('the #Technology world');
    expect(fromLittleText('a \\(b\\)')).toBe('a (b)');
  });
});

describe("the stand-in's reading of little text", () => {
  it('refuses an unescaped reserved character, saying where LinkedIn would cut the text', () => {
    const read = readLittleText('Spring menu (from Friday)');
    expect(read).toMatchObject({ error: expect.stringContaining("The character '('") });
    expect('error' in read && read.error).toContain('after 12 characters');
    expect(readLittleText('50% off_today')).toMatchObject({ error: expect.stringContaining("'_'") });
    expect(readLittleText('ends with \\')).toMatchObject({ error: expect.stringContaining('\\') });
  });

  it('reads escapes, mentions, hashtags and templates', () => {
    expect(readLittleText('\\(a\\) #tag @[Eddy](urn:li:person:1234) {hashtag|#|x}')).toEqual({
      text: '(a) #tag Eddy #x',
    });
  });
});
