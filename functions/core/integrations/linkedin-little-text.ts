/**
 * LinkedIn's "little" text format, in which a post's `commentary` and a comment's `message.text`
 * are read (learn.microsoft.com, "little text format"; docs/platforms/linkedin.md#little-text):
 * the reserved characters `| { } @ [ ] ( ) < > # * _ ~ \` are markup unless escaped with a
 * backslash, and LinkedIn cuts a post at the first one it cannot read. `@[name](urn)` is a
 * mention, `#word` a hashtag, `{hashtag|\#|word}` a hashtag template.
 */
export const LITTLE_RESERVED = new Set(['|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '*', '_', '~', '\\']);

/** A letter or digit: what a hashtag is made of, and what a hashtag may not follow. */
const WORD = /[\p{L}\p{N}]/u;

/**
 * Plain text as little text, read back as the same text: every reserved character escaped, except
 * the `#` that starts a hashtag (a `#` before a letter or digit, not inside a word), which is
 * kept so the hashtag stays one. Mentions are not made: an `@` is always plain text.
 */
export function toLittleText(text: string): string {
  const chars = Array.from(text);
  let out = '';
  chars.forEach((char, i) => {
    const hashtag = char === '#' && WORD.test(chars[i + 1] ?? '') && !WORD.test(chars[i - 1] ?? '');
    out += LITTLE_RESERVED.has(char) && !hashtag ? `\\${char}` : char;
  });
  return out;
}

/**
 * Little text as a reader sees it: escapes removed, a mention as its name, a hashtag template
 * as `#word`. What the lookups compare with the text we sent, whichever way LinkedIn spells it.
 */
export function fromLittleText(little: string): string {
  return little
    .replace(/\{hashtag\|\\?[#＃]\|([^}]*)\}/g, '#$1')
    .replace(/@\[([^\]]*)\]\(urn:li:[^)]*\)/g, '$1')
    .replace(/\\(.)/gsu, '$1');
}
