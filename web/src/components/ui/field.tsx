import { useId, type ComponentProps, type ElementType, type ReactNode } from 'react';

/** The inline error of a control, or else its hint, with the ids its aria-describedby points at. */
function FieldMessage({
  id,
  error,
  hint,
  hintClassName,
}: {
  id: string;
  error?: string;
  hint?: ReactNode;
  hintClassName: string;
}) {
  return error ? (
    <p className="field__error" id={`${id}-error`} role="alert">
      {error}
    </p>
  ) : hint ? (
    <p className={hintClassName} id={`${id}-hint`}>
      {hint}
    </p>
  ) : null;
}

/** A control's id (the one given, else a generated one) and the ARIA attributes that tie it to its message. */
function useControlProps(id: string | undefined, error?: string, hint?: ReactNode) {
  const auto = useId();
  const inputId = id ?? auto;
  return {
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined,
  } as const;
}

/** What every labelled field takes beside its native control's props. */
interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
}

type ControlTag = 'input' | 'textarea' | 'select';

/**
 * Label above, one native control (`as`, its classes starting with `base`), then either the
 * inline error or a hint below.
 */
function Field<T extends ControlTag>({
  as,
  base,
  label,
  error,
  hint,
  id,
  fieldClassName,
  className,
  ...rest
}: ComponentProps<T> & FieldProps & { as: T; base: string }) {
  const Control = as as ElementType;
  const control = useControlProps(id, error, hint);
  return (
    <div className={['field', error ? 'field--invalid' : '', fieldClassName ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={control.id}>
        {label}
      </label>
      <Control {...control} className={`${base} ${className ?? ''}`} {...rest} />
      <FieldMessage id={control.id} error={error} hint={hint} hintClassName="field__hint" />
    </div>
  );
}

export const TextField = (props: ComponentProps<'input'> & FieldProps) => <Field as="input" base="input" {...props} />;

export const TextAreaField = ({ rows = 4, ...props }: ComponentProps<'textarea'> & FieldProps) => (
  <Field as="textarea" base="input textarea" rows={rows} {...props} />
);

export const SelectField = (props: ComponentProps<'select'> & FieldProps) => (
  <Field as="select" base="input select" {...props} />
);

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; error?: string; hint?: ReactNode };

/** Box and label on one line; an error or a hint below, lined up with the label. */
export function Checkbox({ label, error, hint, id, className, ...rest }: CheckboxProps) {
  const control = useControlProps(id, error, hint);
  return (
    <div className={['check', error ? 'check--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className="check__row">
        <input {...control} type="checkbox" className="check__box" {...rest} />
        <label htmlFor={control.id} className="check__label">
          {label}
        </label>
      </div>
      <FieldMessage id={control.id} error={error} hint={hint} hintClassName="field__hint check__hint" />
    </div>
  );
}

type SwitchProps = Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; description?: ReactNode };

/** A checkbox drawn as a switch; still a native checkbox for forms and screen readers. */
export function Switch({ label, description, id, className, ...rest }: SwitchProps) {
  const inputId = useControlProps(id).id;
  return (
    <div className={['switch', className ?? ''].join(' ')}>
      <div className="switch__text">
        <label htmlFor={inputId} className="switch__label">
          {label}
        </label>
        {description ? <p className="switch__description">{description}</p> : null}
      </div>
      <input id={inputId} type="checkbox" role="switch" className="switch__input" {...rest} />
    </div>
  );
}
