import { Card } from '@/components/ui/card';
import { Checkbox, TextField } from '@/components/ui/field';
import { errorAt } from '@/lib/forms';
import { FormProps } from './profile-card-props';

export function AttributesCard({ form, update, errors, inputRef, metadata }: FormProps) {
  const groups = [...new Set(metadata.map((m) => m.groupDisplayName ?? 'Other'))];
  const label = (id: string) => metadata.find((m) => m.parent === id)?.displayName ?? id;
  const groupOf = (id: string) => metadata.find((m) => m.parent === id)?.groupDisplayName ?? 'Other';
  return (
    <Card title="Business Attributes" description="Features customers look for.">
      <div className="bm-attributes">
        {groups.map((group) => {
          const bools = form.boolAttributes.filter((a) => groupOf(a.id) === group);
          const urls = form.urlAttributes.filter((a) => groupOf(a.id) === group);
          if (!bools.length && !urls.length) return null;
          return (
            <fieldset
              key={group}
              className={['bm-attributes__group', urls.length ? 'bm-attributes__group--wide' : ''].join(' ')}
            >
              <legend className="bm-attributes__title">{group}</legend>
              {bools.map((a) => (
                <Checkbox
                  key={a.id}
                  label={label(a.id)}
                  checked={a.value}
                  onChange={(e) =>
                    update({
                      boolAttributes: form.boolAttributes.map((b) =>
                        b.id === a.id ? { ...b, value: e.target.checked } : b,
                      ),
                    })
                  }
                />
              ))}
              {urls.map((a) => (
                <TextField
                  key={a.id}
                  label={label(a.id)}
                  type="url"
                  placeholder="https://"
                  error={errorAt(errors, `urlAttributes.${form.urlAttributes.indexOf(a)}`)}
                  ref={inputRef(`urlAttributes.${form.urlAttributes.indexOf(a)}.url`)}
                  value={a.url}
                  onChange={(e) =>
                    update({
                      urlAttributes: form.urlAttributes.map((u) => (u.id === a.id ? { ...u, url: e.target.value } : u)),
                    })
                  }
                />
              ))}
            </fieldset>
          );
        })}
      </div>
    </Card>
  );
}
