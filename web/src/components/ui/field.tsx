import { useId, type ComponentProps, type ReactNode } from 'react';

interface FieldShellProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  id: string;
  children: ReactNode;
  className?: string;
}

/** Label above, control, then either the inline error or a hint below. */
export function FieldShell({ label, error, hint, id, children, className }: FieldShellProps) {
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

type TextFieldProps = ComponentProps<'input'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
};

export function TextField({ label, error, hint, id, fieldClassName, className, ...rest }: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <FieldShell label={label} error={error} hint={hint} id={inputId} className={fieldClassName}>
      <input
        id={inputId}
        className={['input', className ?? ''].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...rest}
      />
    </FieldShell>
  );
}

type TextAreaFieldProps = ComponentProps<'textarea'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
};

export function TextAreaField({
  label,
  error,
  hint,
  id,
  fieldClassName,
  className,
  rows = 4,
  ...rest
}: TextAreaFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <FieldShell label={label} error={error} hint={hint} id={inputId} className={fieldClassName}>
      <textarea
        id={inputId}
        rows={rows}
        className={['input', 'textarea', className ?? ''].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...rest}
      />
    </FieldShell>
  );
}

type SelectFieldProps = ComponentProps<'select'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
};

export function SelectField({
  label,
  error,
  hint,
  id,
  fieldClassName,
  className,
  children,
  ...rest
}: SelectFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <FieldShell label={label} error={error} hint={hint} id={inputId} className={fieldClassName}>
      <select
        id={inputId}
        className={['input', 'select', className ?? ''].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  );
}

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; error?: string; hint?: ReactNode };

/** Box and label on one line; an error or a hint below, lined up with the label. */
export function Checkbox({ label, error, hint, id, className, ...rest }: CheckboxProps) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={['check', error ? 'check--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className="check__row">
        <input
          id={inputId}
          type="checkbox"
          className="check__box"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
          {...rest}
        />
        <label htmlFor={inputId} className="check__label">
          {label}
        </label>
      </div>
      {error ? (
        <p className="field__error" id={`${inputId}-error`} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint check__hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type SwitchProps = Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; description?: ReactNode };

/** A checkbox drawn as a switch; still a native checkbox for forms and screen readers. */
export function Switch({ label, description, id, className, ...rest }: SwitchProps) {
  const auto = useId();
  const inputId = id ?? auto;
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
