import { SEO_KEYWORD_LIMIT, type SeoKeyword } from '@shared/schemas/seo-keywords';
import { Check, Star } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { isSelectionFull } from '../keyword-selection';

const volumeFormat = new Intl.NumberFormat('en-US');
const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Difficulty 0–100 in three bands a marketer reads at a glance. */
function difficultyBand(difficulty: number) {
  if (difficulty < 30) return { label: 'Easy', tone: 'easy' } as const;
  if (difficulty < 60) return { label: 'Medium', tone: 'medium' } as const;
  return { label: 'Hard', tone: 'hard' } as const;
}

function Difficulty({ value }: { value: number }) {
  const score = Math.round(Math.min(100, Math.max(0, value)));
  const band = difficultyBand(score);
  return (
    <div className={`kw-difficulty kw-difficulty--${band.tone}`}>
      <span className="kw-difficulty__value">{score}</span>
      <span className="kw-difficulty__bar" aria-hidden>
        <span style={{ width: `${Math.max(score, 4)}%` }} />
      </span>
      <span className="kw-difficulty__label">{band.label}</span>
    </div>
  );
}

/** The select-all box: checked when full, mixed when some are chosen. */
function SelectAll({
  selected,
  keywords,
  onSelectAll,
}: {
  selected: string[];
  keywords: SeoKeyword[];
  onSelectAll: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const full = isSelectionFull(selected, keywords);
  const partial = selected.length > 0 && !full;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = partial;
  }, [partial]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="check__box"
      checked={full}
      onChange={onSelectAll}
      aria-label={`Select all keywords, up to ${SEO_KEYWORD_LIMIT}`}
    />
  );
}

/**
 * Available Keywords: one row per suggestion, a box to choose it (none without `onToggle`: read
 * only, the chosen rows marked), and the estimates.
 */
export function KeywordTable({
  keywords,
  selected,
  onToggle,
  onSelectAll,
}: {
  keywords: SeoKeyword[];
  selected: string[];
  onToggle?: (keyword: string) => void;
  onSelectAll: () => void;
}) {
  const idBase = useId();
  const choosing = onToggle !== undefined;
  return (
    <div className="table-wrap">
      <table className="table kw-table">
        <thead>
          <tr>
            {choosing ? (
              <th scope="col" className="kw-table__check">
                <SelectAll selected={selected} keywords={keywords} onSelectAll={onSelectAll} />
              </th>
            ) : null}
            <th scope="col">Keyword</th>
            <th scope="col" className="kw-table__num kw-table__metric">
              Volume
            </th>
            <th scope="col" className="kw-table__metric">
              Difficulty
            </th>
            <th scope="col" className="kw-table__num kw-table__metric">
              $ CPC
            </th>
          </tr>
        </thead>
        <tbody>
          {keywords.map((keyword, index) => {
            const id = `${idBase}-${index}`;
            const isSelected = selected.includes(keyword.keyword);
            const volume = volumeFormat.format(Math.round(keyword.volume));
            const cpc = usdFormat.format(keyword.cpc);
            return (
              <tr key={keyword.keyword} className={isSelected ? 'kw-row kw-row--selected' : 'kw-row'}>
                {choosing ? (
                  <td className="kw-table__check">
                    <input
                      id={id}
                      type="checkbox"
                      className="check__box"
                      checked={isSelected}
                      onChange={() => onToggle(keyword.keyword)}
                    />
                  </td>
                ) : null}
                <td className="kw-table__keyword">
                  {choosing ? (
                    <label htmlFor={id}>{keyword.keyword}</label>
                  ) : (
                    <span className="kw-table__name">{keyword.keyword}</span>
                  )}
                  {!choosing && isSelected ? (
                    <span className="kw-recommended kw-chosen">
                      <Check size={12} aria-hidden />
                      Selected
                    </span>
                  ) : null}
                  {keyword.isRecommended ? (
                    <span className="kw-recommended">
                      <Star size={12} aria-hidden />
                      Recommended
                    </span>
                  ) : null}
                  {/* Phones show the figures here, under the keyword, instead of in their columns. */}
                  <dl className="kw-meta">
                    <div>
                      <dt>Volume</dt>
                      <dd>{volume}</dd>
                    </div>
                    <div>
                      <dt>Difficulty</dt>
                      <dd>
                        <Difficulty value={keyword.difficulty} />
                      </dd>
                    </div>
                    <div>
                      <dt>$ CPC</dt>
                      <dd>{cpc}</dd>
                    </div>
                  </dl>
                </td>
                <td className="kw-table__num kw-table__metric">{volume}</td>
                <td className="kw-table__metric">
                  <Difficulty value={keyword.difficulty} />
                </td>
                <td className="kw-table__num kw-table__metric">{cpc}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
