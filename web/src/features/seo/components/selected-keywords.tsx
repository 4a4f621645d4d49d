import { permissionRefusal } from '@shared/permissions';
import { SEO_KEYWORD_LIMIT } from '@shared/schemas/seo-keywords';
import { Check, Save, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** Selected Keywords: the chosen ones (each removable), how many of the limit, and Save; `readOnly` lists the saved ones. */
export function SelectedKeywords({
  selected,
  dirty,
  saving,
  readOnly = false,
  onRemove,
  onSave,
}: {
  selected: string[];
  dirty: boolean;
  saving: boolean;
  readOnly?: boolean;
  onRemove: (keyword: string) => void;
  onSave: () => void;
}) {
  const count = selected.length;
  return (
    <Card title="Selected Keywords" description={`${count} of ${SEO_KEYWORD_LIMIT} selected`} className="kw-selected">
      <div className="kw-meter" aria-hidden>
        <span style={{ width: `${(count / SEO_KEYWORD_LIMIT) * 100}%` }} />
      </div>
      {count ? (
        <ul className="kw-picked">
          {selected.map((keyword) => (
            <li key={keyword} className="kw-picked__item">
              <span className="kw-picked__text">{keyword}</span>
              {readOnly ? null : (
                <button
                  type="button"
                  className="icon-btn kw-picked__remove"
                  aria-label={`Remove ${keyword}`}
                  onClick={() => onRemove(keyword)}
                >
                  <X size={16} aria-hidden />
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="kw-selected__empty">
          {readOnly ? 'No keywords chosen yet.' : 'Tick keywords in the list to choose the ones to track.'}
        </p>
      )}
      {readOnly ? (
        <div className="kw-selected__footer">
          <p className="kw-selected__state">{permissionRefusal('seo')}</p>
        </div>
      ) : (
        <div className="kw-selected__footer">
          <p className="kw-selected__state">
            {dirty ? (
              'Unsaved changes'
            ) : count ? (
              <>
                <Check size={14} aria-hidden className="inline-icon" />
                Saved
              </>
            ) : (
              'Nothing saved yet'
            )}
          </p>
          <Button icon={<Save size={16} aria-hidden />} block disabled={!dirty} pending={saving} onClick={onSave}>
            Save
          </Button>
        </div>
      )}
    </Card>
  );
}
