import type { WordPressTerms } from '@shared/schemas/calendar';
import type { WordPressSiteTerm } from '@shared/schemas/integrations';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useWordPressTerms } from '@/api/integrations/wordpress-terms';

/** Categories under their parents, each with its depth: the order and indent of WordPress's own list. */
function byParent(terms: WordPressSiteTerm[]): { term: WordPressSiteTerm; depth: number }[] {
  const ids = new Set(terms.map((t) => t.id));
  const children = new Map<number, WordPressSiteTerm[]>();
  for (const term of terms) {
    const parent = term.parent && ids.has(term.parent) ? term.parent : 0;
    children.set(parent, [...(children.get(parent) ?? []), term]);
  }
  const out: { term: WordPressSiteTerm; depth: number }[] = [];
  const walk = (parent: number, depth: number) => {
    for (const term of children.get(parent) ?? []) {
      out.push({ term, depth });
      if (depth < 8) walk(term.id, depth + 1);
    }
  };
  walk(0, 0);
  return out;
}

const toggle = (list: number[], id: number, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));

/**
 * The WordPress post's categories and tags, chosen from the connected site's own (read from the
 * site when the card shows). Without a choice the site files the post under its default
 * category. A term the post names that the site no longer has is not shown, and not sent again.
 */
export default function WordPressTermsPicker({
  value = { categories: [], tags: [] },
  onChange,
  disabled = false,
}: {
  /** Nothing chosen yet: the post goes under the site's default category. */
  value?: WordPressTerms;
  onChange: (next: WordPressTerms) => void;
  disabled?: boolean;
}) {
  const terms = useWordPressTerms(true);
  const description = 'From your WordPress site. Without a category, WordPress files the post under its default one.';
  if (terms.isPending) {
    return (
      <Card title="Categories and tags" description={description}>
        <p className="muted" role="status">
          Reading your site&apos;s categories and tags…
        </p>
      </Card>
    );
  }
  if (terms.isError) {
    return (
      <Card title="Categories and tags" description={description}>
        <p className="muted">{errorMessage(terms.error)}</p>
      </Card>
    );
  }
  const { categories, tags } = terms.data;
  const known = (ids: number[], list: WordPressSiteTerm[]) => ids.filter((id) => list.some((t) => t.id === id));
  const chosen = { categories: known(value.categories, categories), tags: known(value.tags, tags) };
  return (
    <Card title="Categories and tags" description={description}>
      <fieldset className="platform-picker" style={{ marginBottom: 'var(--space-3)' }} disabled={disabled}>
        <legend className="field__label">Categories</legend>
        {categories.length ? (
          byParent(categories).map(({ term, depth }) => (
            <div key={term.id} style={depth ? { marginInlineStart: `${depth * 1.25}rem` } : undefined}>
              <Checkbox
                label={term.name}
                checked={chosen.categories.includes(term.id)}
                onChange={(event) =>
                  onChange({ ...chosen, categories: toggle(chosen.categories, term.id, event.target.checked) })
                }
              />
            </div>
          ))
        ) : (
          <p className="muted">Your site has no categories.</p>
        )}
      </fieldset>
      <fieldset className="platform-picker" disabled={disabled}>
        <legend className="field__label">Tags</legend>
        {tags.length ? (
          tags.map((term) => (
            <Checkbox
              key={term.id}
              label={term.name}
              checked={chosen.tags.includes(term.id)}
              onChange={(event) => onChange({ ...chosen, tags: toggle(chosen.tags, term.id, event.target.checked) })}
            />
          ))
        ) : (
          <p className="muted">Your site has no tags yet. Tags made on the site show here.</p>
        )}
      </fieldset>
    </Card>
  );
}
