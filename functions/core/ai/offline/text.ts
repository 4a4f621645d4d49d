/** Small sentence tools for the offline generator: it composes owners' own words, so it must tidy them. */

export const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * Sentences of a text (abbreviations like "e.g." and "St." do not split). A line break ends a
 * sentence too: a page's heading is a line of its own without a full stop, and must not run
 * into the paragraph under it ("…in Bristol" + "We bake…" is two sentences, not "Bristol We").
 */
export function sentences(text: string | null | undefined): string[] {
  return (text ?? '').split(/\r?\n/).flatMap((line) => {
    const clean = squash(line);
    if (!clean) return [];
    return clean
      .replace(/\b(e\.g|i\.e|etc|St|Mr|Mrs|Ms|Dr|Ltd|Inc|Co|vs)\./g, '$1\u2024')
      .split(/(?<=[.!?])\s+(?=[A-Z0-9"'“(])/)
      .map((s) => s.replace(/\u2024/g, '.').trim())
      .filter((s) => s.length > 1);
  });
}

export const endWithPeriod = (text: string) => {
  const t = text.trim().replace(/[,;:\s]+$/, '');
  return /[.!?…]$/.test(t) ? t : `${t}.`;
};
export const stripEnd = (text: string) => text.trim().replace(/[.!?,;:\s]+$/, '');
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Lower-cases the first letter unless the first word is a name or acronym ("NHS staff", "Leeds families"). */
export function lowerFirst(text: string, keep: string[] = []): string {
  const first = text.split(/\s+/)[0] ?? '';
  if (!first || /^[A-Z0-9]{2,}\b/.test(first) || /[A-Z]/.test(first.slice(1))) return text;
  if (keep.some((k) => k && text.toLowerCase().startsWith(k.toLowerCase()))) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** "a, b and c" */
export function joinList(items: string[], conjunction = 'and'): string {
  const list = items.filter(Boolean);
  if (list.length <= 1) return list[0] ?? '';
  return `${list.slice(0, -1).join(', ')} ${conjunction} ${list.at(-1)}`;
}

/** Cuts at a word boundary and never mid-sentence when a sentence end is near. */
export function clipWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  if (end > max * 0.6) return cut.slice(0, end + 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:\s]+$/, '')}…`;
}

/** #LikeThis from any phrase; empty when nothing usable is left. */
export function hashtag(phrase: string): string {
  const words = phrase
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const tag = words.map((w) => (/^[A-Z0-9]+$/.test(w) && w.length <= 4 ? w : capitalize(w.toLowerCase()))).join('');
  return tag.length >= 3 && tag.length <= 40 && /[A-Za-z]/.test(tag) ? `#${tag}` : '';
}

/**
 * Fills {tokens}; a template whose tokens are not all known and non-empty is unusable (undefined).
 * {token?} is optional: it may be empty.
 */
export function fill(template: string, vars: Record<string, string | undefined>): string | undefined {
  const missing: string[] = [];
  const out = template.replace(/\{(\w[\w']*)(\?)?\}/g, (_, key: string, optional: string | undefined) => {
    const value = vars[key];
    if (!value && !optional) missing.push(key);
    return value ?? '';
  });
  return missing.length > 0 ? undefined : out;
}

/** Unique by case-insensitive value, first kept. */
export const uniq = (items: string[]) =>
  items.filter((v, i) => v && items.findIndex((o) => o.toLowerCase() === v.toLowerCase()) === i);
